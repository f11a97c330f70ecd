// Paths live in the contracts so the API (e-mail links) and the web app build the same URLs.
export { paths } from '@opora/contracts';

/** The search parameter of sign-in and sign-up naming the page to go back to afterwards. */
export const returnPathParam = 'redirectTo';
