import { type MantineBreakpoint, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is at least the theme's `breakpoint` wide: read during the first render (no second
 * render, no layout shift) and followed when the width changes. For rendering only the layout a width
 * shows, where CSS that hides the other (`visibleFrom`, `hiddenFrom`) would still build and lay it out.
 */
export function useWideFrom(breakpoint: MantineBreakpoint): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(min-width: ${theme.breakpoints[breakpoint]})`, undefined, {
    getInitialValueInEffect: false,
  });
}
