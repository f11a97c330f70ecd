import { Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { recommendedServiceTypes, type ServiceList } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadingState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { paymentStepOf, type WizardKind, wizardStepHref } from '@/config/wizard-steps.ts';
import { useOperationQuery } from '@/lib/operations.ts';
import { useServiceTypeName } from '@/lib/reference-data/use-service-type-name.ts';
import { PlanChoice } from '@/shared-features/subscriptions/plan-choice.tsx';
import { currencyOfRegion } from '@/shared-features/subscriptions/subscription-queries.ts';
import { useAreaServiceCount } from '../api/get-area-service-count.ts';
import { useCaseSurveyAnswers } from '../api/get-case-survey.ts';
import { useClientCases } from '../api/list-client-cases.ts';

type TeaserT = ReturnType<typeof useTranslation<['clients', 'catalogue', 'subscriptions']>>['t'];

/** "12 services – Břeclav district", or the region's when the county has none. */
function countHeading(t: TeaserT, list: ServiceList): string {
  const where =
    list.scope === 'county' && list.area.county
      ? t('address.county', { name: list.area.county.name })
      : list.area.region.name;
  return t('offer.heading', { count: list.total, area: where });
}

/**
 * The services pool without a subscription (SPEC §4: the user is asked to pick one), honestly: how
 * many services the public list has where the client is cared for, what the case survey asks for,
 * that the public catalogue stays free — then the plans, in the currency of the client's country,
 * each leading to the payment step of `wizard` for the case (the wizard's own, or the client's latest
 * in the new-case wizard when the pool is the client page's tab).
 */
export function SubscriptionTeaser({
  clientId,
  caseId,
  wizard,
}: {
  clientId: string;
  caseId: string | null;
  wizard: WizardKind;
}) {
  const { t } = useTranslation(['clients', 'catalogue', 'subscriptions']);
  const serviceTypeName = useServiceTypeName();
  const client = useOperationQuery(operations.getClient, { params: { clientId } });
  const cases = useClientCases(clientId, { enabled: caseId === null });
  const followedCase = caseId ?? cases.data?.[0]?.id ?? null;
  const address =
    (client.data?.serviceAddressDiffers ? client.data.serviceAddress : null) ??
    client.data?.residence ??
    null;
  const count = useAreaServiceCount(address?.county.code ?? null);
  const survey = useCaseSurveyAnswers(followedCase);
  const types = survey.data ? recommendedServiceTypes(survey.data.answers) : [];
  const headingId = useId();
  // The anonymous new-client flow's chosen service (in its paths).
  const { serviceId } = useParams();

  const hrefOf = (type: { id: string }) =>
    followedCase
      ? wizardStepHref(paymentStepOf(wizard), {
          caseId: followedCase,
          subscriptionTypeId: type.id,
          serviceId,
        })
      : null;

  return (
    <Stack gap="lg">
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby={headingId}
      >
        <Stack gap="sm">
          {count.data ? (
            <>
              <Title order={2} fz="h3" id={headingId}>
                {countHeading(t, count.data)}
              </Title>
              {count.data.fallback && count.data.area.county ? (
                <Text>{t('offer.fallback.title', { county: count.data.area.county.name })}.</Text>
              ) : null}
            </>
          ) : (
            <>
              <Title order={2} fz="h3" id={headingId}>
                {t('subscriptions:teaser.title')}
              </Title>
              {count.isPending && address ? (
                <LoadingState label={t('subscriptions:teaser.counting')}>
                  <Skeleton height={20} width="40%" />
                </LoadingState>
              ) : null}
            </>
          )}
          {survey.data ? (
            types.length > 0 ? (
              <Text>
                {t('offer.needs', {
                  types: types.map((code) => serviceTypeName(code)).join(', '),
                })}
              </Text>
            ) : (
              <Text c="dimmed">{t('offer.noNeeds')}</Text>
            )
          ) : null}
          <Text>{t('subscriptions:teaser.text')}</Text>
          {address ? (
            <Anchor
              component={Link}
              to={paths.anonNewClientServicesList.getHref({ regionCode: address.region.code })}
              fw={600}
            >
              {t('subscriptions:teaser.publicList', { region: address.region.name })}
            </Anchor>
          ) : null}
        </Stack>
      </Paper>
      {caseId === null && cases.data && cases.data.length === 0 ? (
        <Text>{t('subscriptions:teaser.noCase')}</Text>
      ) : null}
      {client.data || client.isError ? (
        <PlanChoice currency={currencyOfRegion(address?.region.code)} hrefOf={hrefOf} />
      ) : (
        <Skeleton height={360} radius="md" />
      )}
    </Stack>
  );
}
