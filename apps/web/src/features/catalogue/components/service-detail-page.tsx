// Placeholder until the page is built.
export function ServiceDetailPage() {
  return null;
}
