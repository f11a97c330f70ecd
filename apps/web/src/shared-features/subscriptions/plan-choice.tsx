import { Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Currency, SubscriptionType } from '@opora/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { WarningAlert } from '@/components/ui/warning-alert.tsx';
import { PlanCards } from './plan-cards.tsx';
import { subscriptionTypesQueryOptions } from './subscription-queries.ts';

/**
 * "Choose a plan": the plans on offer in `currency` (the client's country's), each leading to its
 * payment step, and what renewing and cancelling mean — with its loading, error and empty states.
 */
export function PlanChoice({
  currency,
  hrefOf,
  headingOrder = 2,
}: {
  currency: Currency;
  hrefOf: (type: SubscriptionType) => string | null;
  headingOrder?: 2 | 3;
}) {
  const { t } = useTranslation('subscriptions');
  const types = useQuery(subscriptionTypesQueryOptions(currency));
  const titleId = useId();

  return (
    <Stack gap="md" component="section" aria-labelledby={titleId}>
      <Title order={headingOrder} fz="h3" id={titleId}>
        {t('choose.title')}
      </Title>
      {types.isError ? (
        <LoadError
          title={t('choose.error.title')}
          text={t('choose.error.text')}
          retryLabel={t('choose.error.retry')}
          retrying={types.isFetching}
          onRetry={() => void types.refetch()}
        />
      ) : !types.data ? (
        <LoadingState label={t('choose.loading')}>
          <Skeleton height={360} radius="md" />
        </LoadingState>
      ) : types.data.length === 0 ? (
        <WarningAlert role="note" icon={<IconInfoCircle aria-hidden />}>
          {t('choose.empty')}
        </WarningAlert>
      ) : (
        <>
          <PlanCards types={types.data} hrefOf={hrefOf} headingOrder={headingOrder === 2 ? 3 : 4} />
          <Text size="sm">{t('choose.note')}</Text>
        </>
      )}
    </Stack>
  );
}
