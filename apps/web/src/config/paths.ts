// Paths live in the contracts so the API (e-mail links) and the web app build the same URLs.
export { paths } from '@opora/contracts';
