import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { isOneOf, type ServiceDetail, type ServiceDetailTab, serviceDetailTabs } from '@opora/contracts';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconArrowLeft,
  IconCircleCheck,
  IconCoin,
  IconList,
  IconMail,
  IconMapSearch,
  IconPhone,
  IconSend,
  IconUsers,
} from '@tabler/icons-react';
import type { i18n as I18n, TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container.tsx';
import { Field, FieldList } from '@/components/ui/field-list.tsx';
import { ProxiedImage } from '@/components/ui/proxied-image.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { formatPhone } from '@/lib/format.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { useServiceTypeName } from '@/lib/reference-data/use-service-type-name.ts';
import { signUpHref } from '@/lib/return-path.ts';
import { useSessionUser } from '@/lib/session.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { formatAddress } from '@/shared-features/services/format.ts';
import { ListingUpdatedOn, OutdatedListingBadge } from '@/shared-features/services/listing-freshness.tsx';
import { ServiceBadges } from '@/shared-features/services/service-badges.tsx';
import { capacityText } from '@/shared-features/services/service-capacity.ts';
import type { DetailLinkState } from '@/shared-features/services/service-card.tsx';
import { LoadError } from '@/shared-features/services/service-list-states.tsx';
import { priceText } from '@/shared-features/services/service-price.ts';
import { useService } from '../api/get-service.ts';
import { mapSearchUrl, safeWebUrl } from '../utils/format.ts';
import classes from './catalogue.module.css';
import { MissingState } from './catalogue-states.tsx';
import { ExternalLink } from './external-link.tsx';
import { ProviderCheck, providerCheckOf, unbrokenDate } from './provider-check.tsx';

/** `/anon-new-client/services/:serviceId/:regionCode?` (SPEC §2): a service with tabs info, location, provider. */
export function ServiceDetailPage() {
  const { t } = useTranslation('catalogue');
  const { serviceId = '', regionCode } = useParams();
  const location = useLocation();
  const service = useService(serviceId);
  usePageTitle(service.data?.name ?? null);

  const listRegion = regionCode ?? service.data?.region?.code;
  // Back to the very list (filters, page) the person came from, else to the region's list.
  const fromList = (location.state as DetailLinkState | null)?.listHref;
  const listHref =
    fromList ?? (listRegion ? paths.anonNewClientServicesList.getHref({ regionCode: listRegion }) : null);

  if (service.isError && service.error instanceof ApiError && [400, 404].includes(service.error.status)) {
    return (
      <Container>
        <MissingState
          title={t('detail.notFound.title')}
          text={t('detail.notFound.text')}
          actions={
            listHref ? (
              <Button component={Link} to={listHref} leftSection={<IconList size={20} aria-hidden />}>
                {t('detail.notFound.list')}
              </Button>
            ) : null
          }
        />
      </Container>
    );
  }

  return (
    <Container>
      <div className={classes.page}>
        {listHref ? (
          <Anchor component={Link} to={listHref} underline="hover" fw={600}>
            <IconArrowLeft size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
            {t('detail.backToList')}
          </Anchor>
        ) : null}
        {service.isError ? (
          <Stack mt="lg">
            <LoadError
              title={t('detail.error.title')}
              text={t('detail.error.text')}
              retrying={service.isFetching}
              onRetry={() => void service.refetch()}
            />
          </Stack>
        ) : service.data ? (
          <Detail service={service.data} />
        ) : (
          <Stack gap="md" mt="lg" aria-busy="true">
            <span role="status" className="visually-hidden">
              {t('detail.loading')}
            </span>
            <Skeleton height={18} width="30%" />
            <Skeleton height={40} width="70%" />
            <Skeleton height={28} width="40%" />
            <Skeleton height={200} />
          </Stack>
        )}
      </div>
    </Container>
  );
}

/**
 * A service's detail as carers see it: heading, the request card and the tabs info, location,
 * provider. `preview`: the provider's preview of its own service, whose request button does nothing.
 */
export function Detail({ service, preview = false }: { service: ServiceDetail; preview?: boolean }) {
  const { t } = useTranslation('catalogue');
  const serviceTypeName = useServiceTypeName();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const requestedTab = searchParams.get('tab');
  const tab: ServiceDetailTab = isOneOf(serviceDetailTabs, requestedTab) ? requestedTab : 'info';
  const checked = providerCheckOf(service).kind !== 'none';

  const selectTab = (value: string | null) => {
    if (!isOneOf(serviceDetailTabs, value)) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === 'info') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      // Tabs are views of one page: Back returns to the list, not through every tab opened.
      // The way back to the list (link state) survives switching tabs.
      { replace: true, preventScrollReset: true, state: location.state },
    );
  };

  return (
    <>
      <Text fw={600} c="opora.8" mt="lg">
        {serviceTypeName(service.serviceType.code)} · {t(`forms.${service.form}`)}
      </Text>
      <Title order={1} className={classes.heading}>
        {service.name}
      </Title>
      <Text size="lg" mt={4}>
        {service.provider.name}
      </Text>
      <ListingUpdatedOn provider={service.provider} />
      <Stack mt="sm">
        <ProviderCheck service={service} withLink />
        {/* The line above says more than the bare "verified" badge, and a lapsed check overrides it. */}
        <ServiceBadges flags={checked ? { ...service.flags, verified: false } : service.flags} />
        <OutdatedListingBadge provider={service.provider} />
      </Stack>

      <div className={classes.detailLayout}>
        <RequestCard service={service} preview={preview} />
        <Tabs value={tab} onChange={selectTab} keepMounted={false} className={classes.detailTabs}>
          <Tabs.List aria-label={t('detail.tabs.label')}>
            {serviceDetailTabs.map((value) => (
              <Tabs.Tab key={value} value={value} fz="md" fw={600} px="sm">
                {t(`detail.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="info" className={classes.tabPanel}>
            <InfoTab service={service} />
          </Tabs.Panel>
          <Tabs.Panel value="location" className={classes.tabPanel}>
            <LocationTab service={service} />
          </Tabs.Panel>
          <Tabs.Panel value="provider" className={classes.tabPanel}>
            <ProviderTab service={service} />
          </Tabs.Panel>
        </Tabs>
      </div>
    </>
  );
}

function WebLink({ url }: { url: string | null }) {
  const href = url ? safeWebUrl(url) : null;
  if (!url || !href) return url;
  return <ExternalLink href={href}>{url.replace(/^https?:\/\//, '').replace(/\/$/, '')}</ExternalLink>;
}

function InfoTab({ service }: { service: ServiceDetail }) {
  const { t } = useTranslation('catalogue');
  const serviceTypeName = useServiceTypeName();
  const { locale } = useLocale();
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('detail.info.description')}
        </Title>
        <Text className={classes.description}>{service.description ?? t('detail.info.noDescription')}</Text>
      </Stack>
      <FieldList>
        <Field label={t('labels.serviceType')}>{serviceTypeName(service.serviceType.code)}</Field>
        <Field label={t('detail.info.category')}>{t(`categories.${service.serviceCategory.code}`)}</Field>
        <Field label={t('detail.info.form')}>{t(`forms.${service.form}`)}</Field>
        <Field label={t('labels.price')}>{priceText(t, service.price, locale)}</Field>
        <Field label={t('capacity.label')}>{capacityText(t, service.capacity, locale)}</Field>
        {service.counties.length > 0 ? (
          <Field label={t('detail.info.counties')}>
            {service.counties.map((county) => county.name).join(', ')}
          </Field>
        ) : null}
        {service.place ? <Field label={t('detail.info.place')}>{service.place}</Field> : null}
        {service.url ? (
          <Field label={t('detail.info.url')}>
            <WebLink url={service.url} />
          </Field>
        ) : null}
      </FieldList>
    </Stack>
  );
}

/** Known facility kinds are codes with a translation; anything else is the provider's own words. */
function facilityTypeName(t: TFunction<'catalogue'>, i18n: I18n, type: string): string {
  const key = `facilityTypes.${type}`;
  return i18n.exists(key, { ns: 'catalogue' }) ? t(key as 'facilityTypes.day-centre') : type;
}

function LocationTab({ service }: { service: ServiceDetail }) {
  const { t, i18n } = useTranslation('catalogue');
  const { facility } = service;
  return (
    <Stack gap="lg">
      <FieldList>
        <Field label={t('detail.location.facility')}>{facility.name}</Field>
        <Field label={t('detail.location.address')}>
          {facility.address ? formatAddress(facility.address) : t('detail.location.noAddress')}
        </Field>
        {facility.county ? <Field label={t('detail.location.county')}>{facility.county.name}</Field> : null}
        {facility.type ? (
          <Field label={t('detail.location.facilityType')}>{facilityTypeName(t, i18n, facility.type)}</Field>
        ) : null}
        {service.place ? <Field label={t('detail.info.place')}>{service.place}</Field> : null}
        {facility.web ? (
          <Field label={t('detail.location.web')}>
            <WebLink url={facility.web} />
          </Field>
        ) : null}
      </FieldList>
      {facility.address ? (
        <div>
          <Button
            component="a"
            href={mapSearchUrl(facility.address)}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconMapSearch size={20} aria-hidden />}
          >
            {t('detail.location.openInMap')}
            <span className="visually-hidden"> ({t('opensInNewTab')})</span>
          </Button>
        </div>
      ) : null}
      {facility.description ? <Text className={classes.description}>{facility.description}</Text> : null}
      <PublicContacts
        contacts={facility.contacts}
        title={t('detail.location.contacts')}
        empty={t('detail.location.noContacts')}
      />
    </Stack>
  );
}

/** Contact people the provider made public (SPEC §3 Contact, type public). */
function PublicContacts({
  contacts,
  title,
  empty,
}: {
  contacts: ServiceDetail['provider']['contacts'];
  title: string;
  empty: string;
}) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {title}
      </Title>
      {contacts.length === 0 ? (
        <Text>{empty}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {contacts.map((contact, index) => (
            <li key={`${contact.fullName}-${index}`}>
              <Text fw={600}>{contact.fullName}</Text>
              <Group gap="md">
                {contact.phone ? (
                  <Anchor href={`tel:${contact.phone}`}>
                    <IconPhone
                      size={16}
                      aria-hidden
                      style={{ verticalAlign: 'text-bottom', marginRight: 4 }}
                    />
                    {formatPhone(contact.phone)}
                  </Anchor>
                ) : null}
                {contact.email ? (
                  <Anchor href={`mailto:${contact.email}`}>
                    <IconMail
                      size={16}
                      aria-hidden
                      style={{ verticalAlign: 'text-bottom', marginRight: 4 }}
                    />
                    {contact.email}
                  </Anchor>
                ) : null}
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The provider's logo on its tab, CSS pixels. */
const detailLogoSize = 128;

function ProviderTab({ service }: { service: ServiceDetail }) {
  const { t } = useTranslation('catalogue');
  const { provider } = service;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        {provider.logo ? (
          <ProxiedImage
            path={provider.logo.path}
            alt={t('detail.provider.logoAlt', { name: provider.name })}
            width={detailLogoSize}
            height={detailLogoSize}
            style={{ alignSelf: 'flex-start' }}
          />
        ) : null}
        <Title order={2} size="h3">
          {provider.name}
        </Title>
        {providerCheckOf(service).kind === 'none' ? (
          <Text size="sm">{t('detail.provider.notVerifiedHint')}</Text>
        ) : (
          <ProviderCheck service={service} />
        )}
      </Stack>
      {provider.description ? <Text className={classes.description}>{provider.description}</Text> : null}
      <FieldList>
        {provider.identificationCode ? (
          <Field label={t('detail.provider.identificationCode')}>{provider.identificationCode}</Field>
        ) : null}
        {provider.address ? (
          <Field label={t('detail.provider.address')}>{formatAddress(provider.address)}</Field>
        ) : null}
        {provider.contactPhone ? (
          <Field label={t('detail.provider.phone')}>
            <Anchor href={`tel:${provider.contactPhone}`}>{formatPhone(provider.contactPhone)}</Anchor>
          </Field>
        ) : null}
        {provider.contactEmail ? (
          <Field label={t('detail.provider.email')}>
            <Anchor href={`mailto:${provider.contactEmail}`}>{provider.contactEmail}</Anchor>
          </Field>
        ) : null}
        {provider.url ? (
          <Field label={t('detail.provider.web')}>
            <WebLink url={provider.url} />
          </Field>
        ) : null}
      </FieldList>
      <PublicContacts
        contacts={provider.contacts}
        title={t('detail.provider.contacts')}
        empty={t('detail.provider.noContacts')}
      />
    </Stack>
  );
}

/**
 * The way to a request: opened from a case's pool (`/dashboard/service/:serviceId/:caseId`), the review
 * of the request; otherwise a guest signs up first and a signed-in user goes on to the client form. A
 * service already requested says so; an unverified provider cannot be sent requests (SPEC §8
 * `FacilityServiceProviderNotVerified`), so the page points to its contacts instead; one whose yearly
 * check ran out keeps the button, disabled, with the reason.
 */
function RequestCard({ service, preview }: { service: ServiceDetail; preview: boolean }) {
  const { t } = useTranslation(['catalogue', 'provider-services']);
  const { locale } = useLocale();
  const user = useSessionUser();
  const { caseId } = useParams();
  // A guest signs up, then signs in, and lands here: on the request form of this service.
  const requestHref =
    user && caseId
      ? paths.dashboardRequestReview.getHref({ caseId, serviceId: service.id })
      : paths.anonNewClientNewClient.getHref({ serviceId: service.id });

  const check = providerCheckOf(service);
  let body: ReactNode;
  if (preview) {
    body = (
      <>
        <Button size="lg" fullWidth disabled leftSection={<IconSend size={20} aria-hidden />}>
          {t('detail.request.button')}
        </Button>
        <Text size="sm">{t('provider-services:preview.requestDisabled')}</Text>
      </>
    );
  } else if (service.flags.alreadyRequested) {
    body = (
      <Alert
        color="blue"
        variant="light"
        icon={<IconCircleCheck aria-hidden />}
        title={t('detail.request.alreadyTitle')}
      >
        <Stack gap="sm" align="flex-start">
          <Text>{t('detail.request.alreadyText')}</Text>
          <Anchor component={Link} to={paths.dashboard.getHref()}>
            {t('detail.request.dashboard')}
          </Anchor>
        </Stack>
      </Alert>
    );
  } else if (check.kind === 'lapsed') {
    // Refused by the API as for any unverified provider; the button stays, disabled, with the reason.
    body = (
      <>
        <Button
          size="lg"
          fullWidth
          disabled
          aria-describedby="request-lapsed"
          leftSection={<IconSend size={20} aria-hidden />}
        >
          {t('detail.request.button')}
        </Button>
        <Alert id="request-lapsed" color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {t('detail.request.lapsed', { date: unbrokenDate(check.date) })}
        </Alert>
      </>
    );
  } else if (!service.provider.verified) {
    body = (
      <Alert color="gray" variant="light" icon={<IconAlertCircle aria-hidden />}>
        {t('detail.request.unverified')}
      </Alert>
    );
  } else {
    body = (
      <>
        <Button
          component={Link}
          to={user ? requestHref : signUpHref(requestHref)}
          size="lg"
          fullWidth
          leftSection={<IconSend size={20} aria-hidden />}
        >
          {t('detail.request.button')}
        </Button>
        <Text size="sm">
          {user
            ? caseId
              ? t('detail.request.reviewHint')
              : t('detail.request.userHint')
            : t('detail.request.guestHint')}
        </Text>
      </>
    );
  }

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      className={classes.requestCard}
      component="aside"
      aria-labelledby="request-title"
    >
      <Stack gap="md">
        <Title order={2} size="h3" id="request-title">
          {t('detail.request.title')}
        </Title>
        <Group gap="xs">
          <IconCoin size={20} aria-hidden />
          <Text fw={700} size="lg">
            {priceText(t, service.price, locale)}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconUsers size={20} aria-hidden style={{ flexShrink: 0 }} />
          <Text data-capacity={service.capacity.status}>{capacityText(t, service.capacity, locale)}</Text>
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
