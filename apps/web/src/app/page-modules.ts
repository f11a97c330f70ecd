import type { ComponentType } from 'react';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';

// The loaders of every page and layout route, in a chunk of their own: each lazy import here carries
// the list of chunks its page needs (fetched in parallel with it), and those lists for every page of
// the app would otherwise sit in the shell. The home page is loaded without it (`router.tsx`), so the
// home route never downloads this; the build names this chunk in every other route's preloads.

/** A page module: its component (named after the file) and, optionally, `prefetch`. */
export type PageModule = Record<string, ComponentType> & { prefetch?: (args: LoaderFunctionArgs) => void };

/** A layout route's module: its component (named after the file) and the loader run before its pages. */
export type LayoutModule = Record<string, ComponentType> & { loader: LoaderFunction };

/** Every page component, each in its own chunk, so only the shell and the current page are downloaded. */
export const pageModules = import.meta.glob<PageModule>('./*/components/*-page.tsx', { base: '../features' });

/** Layout routes around an area's pages (the wizards' progress), each in its own chunk. */
export const layoutModules = import.meta.glob<LayoutModule>('./*/*-layout.tsx', {
  base: '../shared-features',
});
