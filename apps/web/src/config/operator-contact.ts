/**
 * How to reach the operator (contact, support and legal pages). PLACEHOLDERS like `operator.ts`:
 * replace before launch. Kept apart from `operator.ts`, which the shell's footer loads on every page.
 */
export const operatorContact = {
  /** Registered office, also the postal address. */
  address: 'Vzorová 1, 110 00 Praha 1',
  /** The support mailbox (the API's `SUPPORT_EMAIL`), also for data-protection requests. */
  email: 'podpora@opora.test',
} as const;
