// Placeholder until the page is built.
export function ContactPage() {
  return null;
}
