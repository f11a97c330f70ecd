import { Text } from '@mantine/core';
import type { FacilityService } from '@opora/contracts';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatInstantDate } from '@/shared-features/requests/dates.ts';
import { FlagBadge } from './service-badges.tsx';

type ListingProvider = Pick<FacilityService['provider'], 'listingConfirmedAt' | 'listingPossiblyOutdated'>;

/**
 * "Possibly out of date": the provider has not confirmed its listing for seven months (issue 23 §6,
 * decision 0108); nothing otherwise.
 */
export function OutdatedListingBadge({ provider }: { provider: ListingProvider }) {
  const { t } = useTranslation('catalogue');
  if (!provider.listingPossiblyOutdated) return null;
  return (
    <FlagBadge color="yellow" icon={<IconClockExclamation size={16} aria-hidden />}>
      {t('listing.possiblyOutdated')}
    </FlagBadge>
  );
}

/** "Updated on {date}": when the provider last confirmed (or saved) its listing. */
export function ListingUpdatedOn({ provider }: { provider: ListingProvider }) {
  const { t } = useTranslation('catalogue');
  return (
    <Text size="sm" c="dimmed">
      {t('listing.updatedOn', { date: formatInstantDate(provider.listingConfirmedAt) })}
    </Text>
  );
}
