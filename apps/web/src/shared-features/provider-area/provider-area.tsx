import { Anchor, Badge, Button, Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ProviderMembership } from '@opora/contracts';
import {
  IconBriefcase,
  IconBuildingCommunity,
  IconChartBar,
  IconChevronDown,
  IconCreditCard,
  IconGauge,
  IconInbox,
  IconShieldQuestion,
  IconUsers,
} from '@tabler/icons-react';
import { createContext, type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { WarningAlert } from '@/components/ui/warning-alert.tsx';
import { operatorContact } from '@/config/operator-contact.ts';
import { paths } from '@/config/paths.ts';
import { useWideFrom } from '@/lib/use-wide-from.ts';
import { ListingBanner } from './listing-banner.tsx';
import { useListingConfirmation } from './listing-confirmation.ts';
import {
  actingMembership,
  storeActingProviderId,
  useProviderMemberships,
  useStoredProviderId,
} from './memberships.ts';
import { PlanBanner } from './plan-banner.tsx';
import classes from './provider-area.module.css';

const ActingProviderContext = createContext<ProviderMembership | null>(null);

/** The provider the person acts for on this page (inside `ProviderArea`). */
export function useActingProvider(): ProviderMembership {
  const membership = useContext(ActingProviderContext);
  if (!membership) throw new Error('useActingProvider is used outside ProviderArea');
  return membership;
}

export type ProviderSection =
  | 'requests'
  | 'dashboard'
  | 'plan'
  | 'capacity'
  | 'services'
  | 'profile'
  | 'team';

/** Which provider, when the person works for several; the choice is remembered (`storeActingProviderId`). */
function ProviderSwitcher({
  memberships,
  acting,
}: {
  memberships: readonly ProviderMembership[];
  acting: ProviderMembership;
}) {
  const { t } = useTranslation(['provider', 'enums']);
  const navigate = useNavigate();
  const roles = acting.roles.map((role) => t(`enums:providerRole.${role}`)).join(', ');
  if (memberships.length === 1) {
    return (
      <Stack gap={0} className={classes.providerName}>
        <Text fw={700} size="lg" truncate>
          {acting.name}
        </Text>
        <Text size="sm" c="dimmed">
          {roles}
        </Text>
      </Stack>
    );
  }
  return (
    <NativeSelect
      label={t('area.provider')}
      description={roles}
      className={classes.providerSelect}
      value={acting.providerId}
      data={memberships.map((membership) => ({ value: membership.providerId, label: membership.name }))}
      onChange={(event) => {
        storeActingProviderId(event.currentTarget.value);
        // Another provider's requests: the grid from its start, not a request of the one left.
        void navigate(paths.providerRequests.getHref());
      }}
    />
  );
}

function AreaBar({
  memberships,
  acting,
  section,
}: {
  memberships: readonly ProviderMembership[];
  acting: ProviderMembership;
  section: ProviderSection;
}) {
  const { t } = useTranslation(['provider', 'provider-plan', 'provider-capacity']);
  const links = [
    {
      section: 'requests' as const,
      to: paths.providerRequests.getHref(),
      label: t('area.requests'),
      icon: IconInbox,
      count: acting.newRequestsCount,
    },
    {
      section: 'dashboard' as const,
      to: paths.providerDashboard.getHref(),
      label: t('area.dashboard'),
      icon: IconChartBar,
      count: 0,
    },
    {
      section: 'plan' as const,
      to: paths.providerPlan.getHref(),
      label: t('provider-plan:nav'),
      icon: IconCreditCard,
      count: 0,
    },
    {
      section: 'capacity' as const,
      to: paths.providerCapacity.getHref(),
      label: t('provider-capacity:area.capacity'),
      icon: IconGauge,
      count: 0,
    },
    {
      section: 'services' as const,
      to: paths.providerServices.getHref(),
      label: t('area.services'),
      icon: IconBriefcase,
      count: 0,
    },
    {
      section: 'profile' as const,
      to: paths.providerProfile.getHref(),
      label: t('area.profile'),
      icon: IconBuildingCommunity,
      count: 0,
    },
    // The team is its administrators' (issue 24 §1).
    ...(acting.roles.includes('providerAdmin')
      ? [
          {
            section: 'team' as const,
            to: paths.providerTeam.getHref(),
            label: t('area.team'),
            icon: IconUsers,
            count: 0,
          },
        ]
      : []),
  ];
  // The row from the theme's sm up, the disclosure below: only the one shown is rendered (the hidden row's
  // effect measured its widths, forcing a layout of the page on every phone).
  const wide = useWideFrom('sm');
  return (
    <div className={classes.areaBar}>
      <ProviderSwitcher memberships={memberships} acting={acting} />
      <nav aria-label={t('area.navigation')} className={classes.areaNavBox}>
        {wide ? (
          <SectionRow links={links} section={section} />
        ) : (
          <SectionDisclosure links={links} section={section} />
        )}
      </nav>
    </div>
  );
}

type SectionLink = {
  section: ProviderSection;
  to: string;
  label: string;
  icon: typeof IconInbox;
  count: number;
};

function NewCount({ count }: { count: number }) {
  const { t } = useTranslation('provider');
  if (count <= 0) return null;
  return (
    <Badge
      size="md"
      circle={count < 10}
      color="red.8"
      aria-label={t('area.newCount', { count })}
      className={classes.areaBadge}
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

/**
 * From tablets up: the sections in one row that scrolls sideways when it does not fit (never a second
 * row), the current one scrolled into sight.
 */
function SectionRow({ links, section }: { links: readonly SectionLink[]; section: ProviderSection }) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    // The row only, not the page: `scrollIntoView` would move the window too.
    row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
  }, [section]);
  return (
    <ul ref={list} className={classes.areaNav}>
      {links.map(({ section: linkSection, to, label, icon: Icon, count }) => (
        <li key={to}>
          <Link
            to={to}
            className={classes.areaLink}
            aria-current={section === linkSection ? 'page' : undefined}
          >
            <Icon size={20} aria-hidden />
            {label}
            <NewCount count={count} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * On a phone: one button naming the current section, which shows the sections as a list of links below
 * it (a disclosure, not an ARIA menu: these are links to pages); Escape closes it and returns to the button.
 */
function SectionDisclosure({ links, section }: { links: readonly SectionLink[]; section: ProviderSection }) {
  const { t } = useTranslation('provider');
  const [opened, setOpened] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!opened || !element) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpened(false);
      button.current?.focus();
    };
    element.addEventListener('keydown', close);
    return () => element.removeEventListener('keydown', close);
  }, [opened]);
  const current = links.find((link) => link.section === section) ?? links[0];
  const CurrentIcon = current?.icon ?? IconInbox;
  const elsewhere = links.reduce((sum, link) => (link.section === section ? sum : sum + link.count), 0);
  return (
    <div ref={box}>
      <Button
        ref={button}
        variant="default"
        size="md"
        fullWidth
        justify="space-between"
        aria-expanded={opened}
        aria-controls={listId}
        onClick={() => setOpened((open) => !open)}
        leftSection={<CurrentIcon size={20} aria-hidden />}
        rightSection={
          <Group gap={6} wrap="nowrap">
            {opened ? null : <NewCount count={elsewhere} />}
            <IconChevronDown
              size={18}
              aria-hidden
              className={classes.chevron}
              data-opened={opened || undefined}
            />
          </Group>
        }
      >
        {t('area.sections', { section: current?.label ?? '' })}
      </Button>
      <ul id={listId} hidden={!opened} className={classes.areaList}>
        {links.map(({ section: linkSection, to, label, icon: Icon, count }) => (
          <li key={to}>
            <Link
              to={to}
              className={classes.areaLink}
              aria-current={section === linkSection ? 'page' : undefined}
              onClick={() => setOpened(false)}
            >
              <Icon size={20} aria-hidden />
              {label}
              <NewCount count={count} />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Until staff verify the provider (docs/decisions/0095), its people build the listing, but clients see
 * its services as unverified and cannot request them: the area says so on every page.
 */
function AwaitingVerification({ providerId }: { providerId: string }) {
  const { t } = useTranslation('provider-join');
  return (
    <WarningAlert role="note" mb="md" title={t('banner.title')} icon={<IconShieldQuestion aria-hidden />}>
      {t('banner.text', { email: operatorContact.email })}{' '}
      {/* Uploaded registration documents speed the check up (decision 0130). */}
      {t('banner.documents')}{' '}
      <Anchor
        component={Link}
        to={paths.providerProfile.getHref({}, { provider: providerId, tab: 'documents' })}
      >
        {t('banner.documentsLink')}
      </Anchor>
    </WarningAlert>
  );
}

/** A provider role without a provider (an invitation not accepted yet, a membership removed). */
function NoMembership() {
  const { t } = useTranslation('provider');
  return (
    <Stack gap="md" align="flex-start" py="xl">
      <Title order={1}>{t('area.none.title')}</Title>
      <Text size="lg">{t('area.none.text', { email: operatorContact.email })}</Text>
    </Stack>
  );
}

/**
 * The provider area around each of its pages (SPEC §1 home area): the provider the person acts for,
 * switchable when they belong to several, and the way between the inbox, the dashboard and the services with the
 * count of new requests. Pages inside read the provider with `useActingProvider`.
 */
export function ProviderArea({ section, children }: { section: ProviderSection; children: ReactNode }) {
  const { t } = useTranslation('provider');
  const memberships = useProviderMemberships();
  const storedId = useStoredProviderId();
  // A link from an e-mail names the provider (`?provider=`): acted for, and remembered, when the person
  // is a member of it; otherwise the remembered choice stands.
  const [search] = useSearchParams();
  const named = search.get('provider');
  const namedMembership = memberships.data?.items.find((membership) => membership.providerId === named);
  useEffect(() => {
    if (namedMembership && namedMembership.providerId !== storedId) {
      storeActingProviderId(namedMembership.providerId);
    }
  }, [namedMembership, storedId]);
  const acting = memberships.data
    ? (namedMembership ?? actingMembership(memberships.data.items, storedId))
    : undefined;
  // The banner's place is known before the page shows (no shift when it appears); a failed read
  // leaves the banner out rather than the page. Asked beside the memberships for the provider named
  // or remembered, so usually no extra round trip.
  const listing = useListingConfirmation(acting?.providerId ?? named ?? storedId ?? undefined);

  if (memberships.isError) {
    return (
      <div>
        <LoadError
          title={t('area.error.title')}
          text={t('area.error.text')}
          retryLabel={t('area.error.retry')}
          retrying={memberships.isFetching}
          onRetry={() => void memberships.refetch()}
        />
      </div>
    );
  }
  if (!memberships.data || (acting && listing.isPending)) {
    return (
      <div>
        <LoadingState label={t('area.loading')}>
          {/* A screen tall, as the grid's own skeleton: the footer starts below the fold and is not
              pushed down when the page arrives (Lighthouse's layout shift). */}
          <Stack gap="md" mih="100vh">
            <Group gap="md">
              <Skeleton height={40} width={220} />
              <Skeleton height={40} width={160} />
            </Group>
            <Skeleton height={48} width="40%" />
            <Skeleton height={320} />
          </Stack>
        </LoadingState>
      </div>
    );
  }
  if (!acting) {
    return (
      <div>
        <NoMembership />
      </div>
    );
  }
  return (
    <>
      <AreaBar memberships={memberships.data.items} acting={acting} section={section} />
      {acting.verified ? null : <AwaitingVerification providerId={acting.providerId} />}
      {/* The plan page says it all itself. */}
      {section === 'plan' ? null : <PlanBanner providerId={acting.providerId} />}
      <div>
        {listing.data ? <ListingBanner membership={acting} confirmation={listing.data} /> : null}
        <ActingProviderContext.Provider value={acting}>{children}</ActingProviderContext.Provider>
      </div>
    </>
  );
}
