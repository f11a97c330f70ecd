import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { FacilityService } from '@opora/contracts';
import { IconBuildingCommunity, IconCoin, IconMapPin, IconUsers } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardFact, cardClasses } from '@/components/ui/card-parts.tsx';
import { ProxiedImage } from '@/components/ui/proxied-image.tsx';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { useServiceTypeName } from '@/lib/reference-data/use-service-type-name.ts';
import { formatAddress } from './format.ts';
import { OutdatedListingBadge } from './listing-freshness.tsx';
import { ServiceBadges } from './service-badges.tsx';
import { capacityText } from './service-capacity.ts';
import { priceText } from './service-price.ts';
import classes from './services.module.css';

/** The provider's logo on a card, CSS pixels (a box reserved before it loads). */
const cardLogoSize = 48;

/** What a link to a service's detail carries: the very list (filters, page, area) to go back to. */
export type DetailLinkState = { listHref: string };

/**
 * One service of a list: type and form, name (to its detail, which knows the way back to this list),
 * badges (verified, sponsored, already requested), provider, address, price, capacity; a list adds its own
 * lines below (`children`). Memoised: a list page re-renders as its other data arrives, the cards
 * need not.
 */
export const ServiceCard = memo(function ServiceCard({
  service,
  href,
  listHref,
  headingOrder,
  className,
  children,
}: {
  service: FacilityService;
  /** The service's detail page. */
  href: string;
  /** The list this card stands in, for the detail's way back (link state). */
  listHref: string;
  /** The card's heading level in its page's outline. */
  headingOrder: 2 | 3;
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('catalogue');
  const serviceTypeName = useServiceTypeName();
  const { locale } = useLocale();
  const address = service.facility.address;
  const state: DetailLinkState = { listHref };

  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="lg"
      className={className ? `${classes.card} ${className}` : classes.card}
    >
      <Stack gap="xs">
        <Text size="sm" fw={600} c="opora.8">
          <span className="visually-hidden">{t('labels.serviceType')}: </span>
          {serviceTypeName(service.serviceType.code)} · {t(`forms.${service.form}`)}
        </Text>
        <Title order={headingOrder} className={cardClasses.title}>
          <Anchor
            component={Link}
            to={href}
            state={state}
            inherit
            underline="hover"
            className={cardClasses.link}
          >
            {service.name}
          </Anchor>
        </Title>
        <ServiceBadges flags={service.flags} />
        <OutdatedListingBadge provider={service.provider} />
        <Group gap="sm" wrap="nowrap" justify="space-between" align="center">
          <CardFact icon={IconBuildingCommunity} label={t('labels.provider')}>
            {service.provider.name}
          </CardFact>
          {service.provider.logo ? (
            // Decorative: the provider's name is written beside it.
            <ProxiedImage
              path={service.provider.logo.path}
              alt=""
              width={cardLogoSize}
              height={cardLogoSize}
              className={classes.providerLogo}
            />
          ) : null}
        </Group>
        {address ? (
          <CardFact icon={IconMapPin} label={t('labels.address')}>
            {formatAddress(address)}
          </CardFact>
        ) : null}
        <CardFact icon={IconCoin} label={t('labels.price')} strong>
          {priceText(t, service.price, locale)}
        </CardFact>
        <CardFact icon={IconUsers} label={t('capacity.label')}>
          <span data-capacity={service.capacity.status}>{capacityText(t, service.capacity, locale)}</span>
        </CardFact>
        {children}
      </Stack>
    </Card>
  );
});
