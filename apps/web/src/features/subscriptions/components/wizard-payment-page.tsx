import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type Checkout, formatDisplayDate, type SubscriptionType, todayIsoDate } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconArrowRight,
  IconCheck,
  IconCreditCard,
  IconGift,
  IconInfoCircle,
  IconRefresh,
} from '@tabler/icons-react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { LoadError, LoadingState, NotFoundState } from '@/components/ui/page-states.tsx';
import { WarningAlert } from '@/components/ui/warning-alert.tsx';
import { wrappingButton } from '@/components/ui/wrapping-button.ts';
import {
  afterPaymentStep,
  isWizardStep,
  serviceOfferStepOf,
  type WizardKind,
  wizardOf,
  wizardStepHref,
} from '@/config/wizard-steps.ts';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { currentUserQueryKey } from '@/lib/auth/current-user-key.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { useOperationQuery } from '@/lib/operations.ts';
import { useRouteHandle } from '@/lib/route-handle.ts';
import { useSessionUser } from '@/lib/session.ts';
import { formatMoney } from '@/shared-features/services/format.ts';
import { addOneMonth } from '@/shared-features/subscriptions/billing-period.ts';
import { planIncludes, planName, priceWithVat } from '@/shared-features/subscriptions/plan-texts.ts';
import {
  currencyOfRegion,
  refreshSubscriptionState,
  subscriptionTypesQueryOptions,
  variantOfSubscription,
} from '@/shared-features/subscriptions/subscription-queries.ts';
import classes from '@/shared-features/subscriptions/subscriptions.module.css';
import { useWizardCase } from '@/shared-features/wizard/wizard-case.ts';
import { useCreateCheckout } from '../api/create-checkout.ts';
import { type CheckoutOutcome, useCheckoutOutcome } from './use-checkout-outcome.ts';

/**
 * `/new-client-wizard/payment/:caseId/:subscriptionTypeId` and `/new-case-wizard/payment/…` (SPEC §2,
 * §4): the chosen plan, its price with VAT, the first period and the renewal date, what cancelling
 * means, and the way to pay at the gateway (or, for a free plan, "the service is now free" and on).
 * Back from the gateway (`?checkout=<id>`), it waits for the outcome: paid → on to the assistant contact
 * or the services; failed or expired → said, and paying again; cancelled → back to choosing a plan.
 * A subscriber who lands here goes straight on.
 */
export function WizardPaymentPage() {
  const { t } = useTranslation(['subscriptions', 'errors']);
  const routeName = useRouteHandle()?.name;
  const kind: WizardKind = isWizardStep(routeName) ? wizardOf(routeName) : 'newClient';
  const { subscriptionTypeId = '', serviceId } = useParams();
  const { caseId, data: wizardCase } = useWizardCase();
  const [search] = useSearchParams();
  const checkoutId = search.get('checkout');
  const navigate = useNavigate();
  const user = useSessionUser();
  const clientId = wizardCase ? (wizardCase.client?.id ?? null) : null;
  const client = useOperationQuery(
    operations.getClient,
    clientId === null ? skipToken : { params: { clientId } },
  );
  const region = client.data?.serviceAddress?.region ?? client.data?.residence?.region ?? null;
  // The currency follows the client's country; it is known once the client is (or there is none).
  const currencyKnown = wizardCase !== undefined && (clientId === null || client.data !== undefined);
  const currency = currencyOfRegion(region?.code);
  const types = useQuery({ ...subscriptionTypesQueryOptions(currency), enabled: currencyKnown });
  const outcome = useCheckoutOutcome(checkoutId);

  const subscribed = variantOfSubscription(user?.subscription);
  const offerHref = caseId ? wizardStepHref(serviceOfferStepOf(kind), { caseId, serviceId }) : null;

  // Already subscribed (and not just back from paying): nothing to pay, straight on.
  useEffect(() => {
    if (checkoutId || !subscribed || !caseId) return;
    void navigate(wizardStepHref(afterPaymentStep(kind, subscribed), { caseId, serviceId }), {
      replace: true,
    });
  }, [checkoutId, subscribed, caseId, kind, navigate]);

  const type = types.data?.find((candidate) => candidate.id === subscriptionTypeId);

  if (types.data && !type && !checkoutId) {
    return (
      <NotFoundState title={t('payment.planMissing.title')} text={t('payment.planMissing.text')}>
        {offerHref ? (
          <Button component={Link} to={offerHref} leftSection={<IconArrowLeft size={20} aria-hidden />}>
            {t('payment.otherPlan')}
          </Button>
        ) : null}
      </NotFoundState>
    );
  }

  const settled = outcome?.state === 'settled' ? outcome.checkout : null;
  let body: ReactNode;
  if (subscribed && !checkoutId) {
    body = <Skeleton height={240} radius="md" />;
  } else if (outcome && outcome.state !== 'settled' && outcome.state !== 'missing') {
    body = <PendingOutcome outcome={outcome} />;
  } else if (settled && (settled.status === 'paid' || settled.status === 'cancelled')) {
    body = <SettledOutcome checkout={settled} kind={kind} caseId={caseId} type={type} />;
  } else {
    // Choosing to pay: first, after a failed, expired or unknown checkout, what happened.
    body = (
      <>
        {outcome?.state === 'missing' ? (
          <Notice title={t('payment.checkoutMissing.title')} text={t('payment.checkoutMissing.text')} />
        ) : settled && (settled.status === 'failed' || settled.status === 'expired') ? (
          <Notice title={t(`payment.${settled.status}.title`)} text={t(`payment.${settled.status}.text`)} />
        ) : null}
        {types.isError ? (
          <LoadError
            title={t('payment.error.title')}
            text={t('payment.error.text')}
            retryLabel={t('payment.error.retry')}
            retrying={types.isFetching}
            onRetry={() => void types.refetch()}
          />
        ) : type && caseId ? (
          <PlanSummary
            type={type}
            caseId={caseId}
            offerHref={offerHref}
            retry={settled !== null || outcome?.state === 'missing'}
          />
        ) : (
          <LoadingState label={t('payment.loading')}>
            <Skeleton height={360} radius="md" />
          </LoadingState>
        )}
      </>
    );
  }

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1}>
          {type ? t('payment.title', { plan: planName(t, type.code) }) : t('payment.titleNoPlan')}
        </Title>
        <Text c="dimmed" size="lg">
          {t('payment.intro')}
        </Text>
      </Stack>
      {body}
    </Stack>
  );
}

/** What went wrong with the last checkout, said before the way to pay again. */
function Notice({ title, text }: { title: string; text: string }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} title={title}>
      {text}
    </Alert>
  );
}

/** Waiting for the gateway's outcome, or told it takes long (with a way to ask again). */
function PendingOutcome({ outcome }: { outcome: Extract<CheckoutOutcome, { state: 'checking' | 'slow' }> }) {
  const { t } = useTranslation('subscriptions');
  if (outcome.state === 'slow') {
    return (
      <WarningAlert role="alert" icon={<IconInfoCircle aria-hidden />} title={t('payment.slow.title')}>
        <Stack gap="sm" align="flex-start">
          <Text>{t('payment.slow.text')}</Text>
          <AsyncButton
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            busy={outcome.retrying}
            onClick={outcome.retry}
          >
            {t('payment.slow.retry')}
          </AsyncButton>
        </Stack>
      </WarningAlert>
    );
  }
  return (
    <Paper withBorder radius="md" p="xl" aria-busy="true">
      <Group gap="md" wrap="nowrap" role="status">
        <Loader size="md" aria-hidden />
        <Stack gap={2}>
          <Text fw={700}>{t('payment.checking.title')}</Text>
          <Text>{t('payment.checking.text')}</Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The gateway's outcome that leaves this step: paid → the user is loaded again (now a subscriber), a
 * toast says until when, and the wizard goes on; cancelled → back to the plans.
 */
function SettledOutcome({
  checkout,
  kind,
  caseId,
  type,
}: {
  checkout: Checkout;
  kind: WizardKind;
  caseId: string | null;
  type: SubscriptionType | undefined;
}) {
  const { t } = useTranslation('subscriptions');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  const status = checkout.status;
  const continueCaseId = checkout.caseId ?? caseId;
  // The anonymous new-client flow's chosen service (in its paths).
  const { serviceId } = useParams();

  useEffect(() => {
    if (handled.current === checkout.id || !continueCaseId) return;
    if (status === 'paid') {
      handled.current = checkout.id;
      void (async () => {
        await refreshSubscriptionState(queryClient);
        const summary = queryClient.getQueryData(currentUserQueryKey)?.subscription ?? null;
        const variant = variantOfSubscription(summary) ?? type?.variant ?? 'self-managed';
        const plan = summary ? planName(t, summary.type) : type ? planName(t, type.code) : '';
        toast.success(
          summary && checkout.price.amountMinor > 0
            ? t('payment.paid', { plan, date: formatDisplayDate(summary.endDate) })
            : t('payment.activated', { plan }),
        );
        await navigate(
          wizardStepHref(afterPaymentStep(kind, variant), { caseId: continueCaseId, serviceId }),
          {
            replace: true,
          },
        );
      })();
    } else if (status === 'cancelled') {
      handled.current = checkout.id;
      toast.info(t('payment.cancelled'));
      void navigate(wizardStepHref(serviceOfferStepOf(kind), { caseId: continueCaseId, serviceId }), {
        replace: true,
      });
    }
  }, [checkout, status, continueCaseId, kind, navigate, queryClient, t, type]);

  return (
    <Paper withBorder radius="md" p="xl" aria-busy="true">
      <Group gap="md" wrap="nowrap" role="status">
        <Loader size="md" aria-hidden />
        <Text fw={700}>{t('payment.checking.title')}</Text>
      </Group>
    </Paper>
  );
}

/**
 * The plan as it will be charged: what it includes, the price with VAT, the first period and the
 * renewal date, what cancelling means; then Pay (to the gateway) or, free, Continue.
 */
function PlanSummary({
  type,
  caseId,
  offerHref,
  retry,
}: {
  type: SubscriptionType;
  caseId: string;
  offerHref: string | null;
  /** After a checkout that did not go through: the button says "try again". */
  retry: boolean;
}) {
  const { t } = useTranslation(['subscriptions', 'errors']);
  const { locale } = useLocale();
  const location = useLocation();
  const [, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const checkout = useCreateCheckout();
  const leaving = useRef(false);
  const summaryId = useId();
  const includesId = useId();
  const free = type.price.amountMinor === 0;
  const today = todayIsoDate();
  const renewal = addOneMonth(today);
  const name = planName(t, type.code);

  const pay = () => {
    if (checkout.isPending || leaving.current) return;
    checkout.mutate(
      { subscriptionTypeId: type.id, currency: type.price.currency, caseId, returnPath: location.pathname },
      {
        onSuccess: (created) => {
          leaving.current = true;
          if (created.status === 'paid' || created.redirectUrl.startsWith(`${location.pathname}?`)) {
            // Nothing to pay at a gateway (a free plan): the outcome is read here, as after a payment.
            setSearch({ checkout: created.id }, { replace: true });
            leaving.current = false;
            return;
          }
          window.location.assign(created.redirectUrl);
        },
        onError: async (error) => {
          if (error instanceof ApiError && error.code === 'Conflict') {
            // Subscribed meanwhile (another tab): the page sends a subscriber on.
            await refreshSubscriptionState(queryClient);
            return;
          }
          toast.error(error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown'));
        },
      },
    );
  };

  return (
    <>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby={summaryId}
      >
        <Stack gap="md">
          <Title order={2} fz="h3" id={summaryId}>
            {t('payment.summaryTitle')}
          </Title>
          <Text>{t(`plans.${type.code}.tagline`)}</Text>
          <Text size="sm" fw={600} id={includesId}>
            {t('includesLabel')}
          </Text>
          <List
            spacing={4}
            aria-labelledby={includesId}
            icon={<IconCheck size={18} aria-hidden className={classes.check} />}
            className={classes.includes}
          >
            {planIncludes(t, type.code).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          <dl className={classes.facts}>
            <dt>{t('payment.priceLabel')}</dt>
            <dd>{priceWithVat(t, type.price, locale)}</dd>
            <dt>{t('payment.periodLabel')}</dt>
            <dd>{t('payment.period', { from: formatDisplayDate(today), to: formatDisplayDate(renewal) })}</dd>
            <dt>{t('payment.renewalLabel')}</dt>
            <dd>{t('payment.renewal', { date: formatDisplayDate(renewal) })}</dd>
          </dl>
        </Stack>
      </Paper>

      {free ? (
        <Alert
          color="opora"
          variant="light"
          role="note"
          icon={<IconGift aria-hidden />}
          title={t('payment.free.title')}
        >
          {t('payment.free.text', { plan: name })}
        </Alert>
      ) : null}

      <Alert
        color="blue"
        variant="light"
        role="note"
        icon={<IconInfoCircle aria-hidden />}
        title={t('payment.cancelTitle')}
      >
        {t('payment.cancelText')}
      </Alert>

      <Stack gap="xs" align="flex-start">
        <AsyncButton
          size="lg"
          {...wrappingButton}
          busy={checkout.isPending || (checkout.isSuccess && leaving.current)}
          onClick={pay}
          leftSection={free ? undefined : <IconCreditCard size={22} aria-hidden />}
          rightSection={free ? <IconArrowRight size={20} aria-hidden /> : undefined}
        >
          {free
            ? t('payment.free.continue')
            : retry
              ? t('payment.failed.retry')
              : t('payment.pay', { price: formatMoney(type.price, locale) })}
        </AsyncButton>
        {free ? null : <Text size="sm">{t('payment.gatewayNote')}</Text>}
      </Stack>
      {offerHref ? (
        <Anchor component={Link} to={offerHref} fw={600}>
          <IconArrowLeft size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
          {t('payment.otherPlan')}
        </Anchor>
      ) : null}
    </>
  );
}
