/**
 * Puts the keyboard on the element `selector` finds once the change that renders it is on the screen:
 * after a button adds, moves or removes a part of the questionnaire, the keyboard stays with what the
 * person works on.
 */
export function focusSoon(selector: string): void {
  window.requestAnimationFrame(() => {
    const element = document.querySelector<HTMLElement>(selector);
    element?.focus();
  });
}

/** The selector of an element by one of the editor's `data-*` attributes. */
export function byData(attribute: string, value: string): string {
  return `[data-${attribute}="${CSS.escape(value)}"]`;
}

/** The first of `selectors` that finds an element the keyboard can reach (not disabled). */
export function focusFirstOf(selectors: readonly string[]): void {
  window.requestAnimationFrame(() => {
    for (const selector of selectors) {
      const element = document.querySelector<HTMLElement>(selector);
      if (element && !element.matches(':disabled, [data-disabled="true"]')) {
        element.focus();
        return;
      }
    }
  });
}
