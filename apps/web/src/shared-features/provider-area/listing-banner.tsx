import { Alert, Group, Stack, Text } from '@mantine/core';
import type { ListingConfirmation, ProviderMembership } from '@opora/contracts';
import { IconCircleCheck, IconClipboardCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AsyncButton, mutationOutcome } from '@/components/ui/async-button.tsx';
import { formatInstantDate } from '@/shared-features/requests/dates.ts';
import { useConfirmListing } from './listing-confirmation.ts';

/** Near-black title and text: Mantine's tinted ones fall below AA contrast on the light tint. */
const readable = {
  title: { color: 'var(--mantine-color-gray-9)' },
  message: { color: 'var(--mantine-color-gray-9)' },
  // The body may shrink below its content's widest word run (a phone's width).
  body: { minWidth: 0 },
};

/** The button's label wraps on a phone instead of pushing the banner wider than the screen. */
const wrappingButton = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 'var(--mantine-spacing-xs)' },
  label: { whiteSpace: 'normal' as const },
};

/** Administrators and coordinators keep the services true, so they confirm (as the API allows). */
function confirms(membership: Pick<ProviderMembership, 'roles'>): boolean {
  return membership.roles.some((role) => role === 'providerAdmin' || role === 'providerCoordinator');
}

/**
 * The six-monthly "is your listing still true?" (issue 23 §6): shown in the provider area while the
 * confirmation is due, with a one-click confirmation for those who may give it; after it, a thank-you
 * in its place until the person leaves the page. Nothing when nothing is due.
 */
export function ListingBanner({
  membership,
  confirmation,
}: {
  membership: Pick<ProviderMembership, 'providerId' | 'roles'>;
  confirmation: ListingConfirmation;
}) {
  const { t } = useTranslation('provider-freshness');
  const confirm = useConfirmListing(membership.providerId);

  if (!confirmation.due) {
    if (!confirm.isSuccess) return null;
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck aria-hidden />}
        title={t('confirmed.title')}
        mb="md"
        role="status"
        styles={readable}
      >
        <Text>{t('confirmed.text', { date: formatInstantDate(confirmation.dueAt) })}</Text>
      </Alert>
    );
  }

  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconClipboardCheck aria-hidden />}
      title={t('due.title')}
      mb="md"
      styles={readable}
    >
      <Stack gap="sm">
        <Text>{t('due.text', { date: formatInstantDate(confirmation.confirmedAt) })}</Text>
        <Text>{confirmation.possiblyOutdated ? t('due.outdatedNow') : t('due.outdatedSoon')}</Text>
        {confirms(membership) ? (
          <Group>
            <AsyncButton
              busy={confirm.isPending}
              outcome={mutationOutcome(confirm)}
              failureText={t('due.failed')}
              onClick={() => confirm.mutate()}
              styles={wrappingButton}
            >
              {t('due.confirm')}
            </AsyncButton>
            {confirm.isError ? (
              <Text c="red.9" role="alert">
                {t('due.failed')}
              </Text>
            ) : null}
          </Group>
        ) : (
          <Text fw={600}>{t('due.askColleague')}</Text>
        )}
      </Stack>
    </Alert>
  );
}
