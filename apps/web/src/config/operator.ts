/**
 * The legal operator shown in the footer. PLACEHOLDERS: the IČO passes the Czech mod-11 check and the
 * DIČ has the CZ + IČO form, but neither belongs to a registered company — replace before launch.
 */
export const operator = {
  name: 'Opora s.r.o.',
  companyId: '12345679',
  vatId: 'CZ12345679',
} as const;

export const appVersion = __APP_VERSION__;
