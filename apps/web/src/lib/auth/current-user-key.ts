import type { CurrentUser } from '@opora/contracts';
import type { DataTag } from '@tanstack/react-query';

/**
 * The one cache key of the signed-in user; the header, the guard and the profile all read it. Apart
 * from its query (`current-user.ts`), so the shell reads the cache without carrying the API client.
 */
export const currentUserQueryKey = ['users', 'me'] as DataTag<string[], CurrentUser, Error>;
