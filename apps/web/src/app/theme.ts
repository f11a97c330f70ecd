import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// Deep teal: calm and trustworthy. Shade 7 (primary) carries white text at 6:1 contrast (WCAG AA).
const opora: MantineColorsTuple = [
  '#e8f6f6',
  '#d2ebec',
  '#a6d6d8',
  '#76c0c3',
  '#4eadb1',
  '#34a1a5',
  '#1f8d92',
  '#0e6e73',
  '#0a5b5f',
  '#044549',
];

const systemFont =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'opora',
  primaryShade: 7,
  colors: { opora },
  fontFamily: systemFont,
  headings: { fontFamily: systemFont, fontWeight: '700' },
  // Body text at 18 px, never below 16 px: many readers are older family carers.
  fontSizes: { xs: '0.9375rem', sm: '1rem', md: '1.125rem', lg: '1.25rem', xl: '1.375rem' },
  lineHeights: { md: '1.6' },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { size: 'md' } },
    // Form fields at 18 px text and 42 px height, the same reasoning as the body text.
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    NativeSelect: { defaultProps: { size: 'md' } },
    Container: { defaultProps: { size: 'lg' } },
    Anchor: { defaultProps: { underline: 'always' } },
  },
});

/**
 * Mantine's dimmed grey (gray-6) is 3.3:1 on white and its error red (red-6) 3.5:1; gray-7 and red-9
 * keep secondary text and field errors at AA contrast.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
