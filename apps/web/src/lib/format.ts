/** Phone numbers are stored as E.164; shown grouped in threes after the country code (DOMAIN.md). */
export function formatPhone(e164: string): string {
  const match = /^\+(42[01])(\d{3})(\d{3})(\d{3})$/.exec(e164);
  return match ? `+${match[1]} ${match[2]} ${match[3]} ${match[4]}` : e164;
}
