import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

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

/**
 * The app's one server-state cache. A module singleton because the navigation guard and the session
 * (route loaders, the API client) read the signed-in user outside React.
 */
export const queryClient: QueryClient = createQueryClient();
