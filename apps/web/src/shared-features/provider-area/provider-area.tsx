import { Badge, Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ProviderMembership } from '@opora/contracts';
import { IconBuildingCommunity, IconChartBar, IconInbox } from '@tabler/icons-react';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { operatorContact } from '@/config/operator-contact.ts';
import { paths } from '@/config/paths.ts';
import {
  actingMembership,
  storeActingProviderId,
  useProviderMemberships,
  useStoredProviderId,
} from './memberships.ts';
import classes from './provider-area.module.css';

const ActingProviderContext = createContext<ProviderMembership | null>(null);

/** The provider the person acts for on this page (inside `ProviderArea`). */
export function useActingProvider(): ProviderMembership {
  const membership = useContext(ActingProviderContext);
  if (!membership) throw new Error('useActingProvider is used outside ProviderArea');
  return membership;
}

export type ProviderSection = 'requests' | 'dashboard' | 'profile';

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
  const { t } = useTranslation('provider');
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
      section: 'profile' as const,
      to: paths.providerProfile.getHref(),
      label: t('area.profile'),
      icon: IconBuildingCommunity,
      count: 0,
    },
  ];
  return (
    <div className={classes.areaBar}>
      <ProviderSwitcher memberships={memberships} acting={acting} />
      <nav aria-label={t('area.navigation')}>
        <ul className={classes.areaNav}>
          {links.map(({ section: linkSection, to, label, icon: Icon, count }) => (
            <li key={to}>
              <Link
                to={to}
                className={classes.areaLink}
                aria-current={section === linkSection ? 'page' : undefined}
              >
                <Icon size={20} aria-hidden />
                {label}
                {count > 0 ? (
                  <Badge
                    size="md"
                    circle={count < 10}
                    color="red.8"
                    aria-label={t('area.newCount', { count })}
                    className={classes.areaBadge}
                  >
                    {count > 99 ? '99+' : count}
                  </Badge>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
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
 * switchable when they belong to several, and the way between the inbox and the dashboard with the
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
  if (!memberships.data) {
    return (
      <div>
        <LoadingState label={t('area.loading')}>
          <Stack gap="md">
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
  const acting = namedMembership ?? actingMembership(memberships.data.items, storedId);
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
      <div>
        <ActingProviderContext.Provider value={acting}>{children}</ActingProviderContext.Provider>
      </div>
    </>
  );
}
