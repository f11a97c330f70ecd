// Placeholder until the page is built.
export function SupportPage() {
  return null;
}
