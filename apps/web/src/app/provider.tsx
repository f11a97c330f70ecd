import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { FullScreenLoaderHost } from '@/components/overlays/full-screen-loader.tsx';
import { Toasts } from '@/components/overlays/toast.tsx';
import { queryClient as appQueryClient } from '@/lib/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

type AppProviderProps = {
  i18n: I18n;
  children: ReactNode;
  /** `'test'` turns off Mantine transitions and portals (component tests). */
  env?: 'default' | 'test';
  /** The app's cache unless a test brings its own. */
  queryClient?: QueryClient;
};

/** Theme, translations, server-state cache and the global overlays (toast, confirm, loader). */
export function AppProvider({
  i18n,
  children,
  env = 'default',
  queryClient = appQueryClient,
}: AppProviderProps) {
  return (
    // A fixed light scheme: Mantine's ColorSchemeScript is an inline script, which the CSP forbids.
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      env={env}
    >
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>{children}</ModalsProvider>
          <FullScreenLoaderHost />
          <Toasts />
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
