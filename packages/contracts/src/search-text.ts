/**
 * Text as place search compares it: lower case, without diacritics, single spaces ("Ústí nad
 * Labem" → "usti nad labem"), so "usti" and "Ústí" find the same places. The database stores
 * names normalised this way and the API normalises what was typed.
 */
export function normalizeSearchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Mark}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
