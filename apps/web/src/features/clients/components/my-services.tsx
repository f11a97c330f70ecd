import { Button, Group, NativeSelect, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type CareRequestStatusCode, careRequestStatusCodes } from '@opora/contracts';
import { IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

function isStatus(value: string | null): value is CareRequestStatusCode {
  return (careRequestStatusCodes as readonly (string | null)[]).includes(value);
}

/**
 * The client's requests with a filter by state (SPEC §2). Sending requests comes with the next
 * issue, so the list is honestly empty: the texts of SPEC §8 say so and point to the service offer.
 */
export function MyServices({ onShowOffer }: { onShowOffer: () => void }) {
  const { t } = useTranslation(['clients', 'enums']);
  const [search, setSearch] = useSearchParams();
  const requested = search.get('status');
  const status = isStatus(requested) ? requested : 'all';

  const changeStatus = (value: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === 'all') next.delete('status');
        else next.set('status', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <Stack gap="md">
      <NativeSelect
        label={t('myServices.filter')}
        value={status}
        onChange={(event) => changeStatus(event.currentTarget.value)}
        data={[
          { value: 'all', label: t('myServices.allStates') },
          ...careRequestStatusCodes.map((code) => ({
            value: code,
            label: t(`enums:careRequestStatus.${code}`),
          })),
        ]}
        maw={360}
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="sm" align="flex-start">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="opora" size={40} radius="md">
              <IconClipboardList size={24} aria-hidden />
            </ThemeIcon>
            <Title order={2} fz="h3" role="status">
              {status === 'all' ? t('myServices.empty.title') : t('myServices.empty.filteredTitle')}
            </Title>
          </Group>
          <Text>{t('myServices.empty.text')}</Text>
          <Button variant="light" onClick={onShowOffer}>
            {t('myServices.empty.toOffer')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
