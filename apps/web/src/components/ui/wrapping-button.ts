/**
 * Props for a Mantine `Button` whose words may not fit a phone's width (a plan's name, a step's):
 * the label wraps onto a second line instead of being cut or running off the screen, and the button
 * keeps at least its size's height.
 */
export const wrappingButton = {
  h: 'auto',
  mih: 'var(--button-height)',
  py: 6,
  styles: { label: { whiteSpace: 'normal', lineHeight: 1.3 } },
} as const;
