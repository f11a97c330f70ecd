let endIntended = false;

/** The next end of the session is the person's own doing (profile deleted): no redirect to sign-in. */
export function intendSessionEnd(): void {
  endIntended = true;
}

/** Whether the session ended as the person asked (read once). */
export function takeIntendedSessionEnd(): boolean {
  const intended = endIntended;
  endIntended = false;
  return intended;
}
