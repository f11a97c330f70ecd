import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ConfirmHost } from '@/components/overlays/confirm-host.tsx';
import { FullScreenLoaderHost } from '@/components/overlays/full-screen-loader.tsx';
import { ToastHost } from '@/components/overlays/toast-host.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // Client errors (4xx) do not heal by retrying; network and server errors get two more tries.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

type AppProviderProps = {
  i18n: I18n;
  children: ReactNode;
  /** `'test'` turns off Mantine transitions and portals (component tests). */
  env?: 'default' | 'test';
};

/** Theme, translations, server-state cache and the global overlays (toast, confirm, loader). */
export function AppProvider({ i18n, children, env = 'default' }: AppProviderProps) {
  const [queryClient] = useState(createQueryClient);
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
          {children}
          <ConfirmHost />
          <FullScreenLoaderHost />
          <ToastHost />
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
