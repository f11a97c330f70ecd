// Placeholder until the page is built.
export function ServicesListPage() {
  return null;
}
