import { Anchor, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { ServiceOfferItem } from '@opora/contracts';
import { IconBuildingCommunity, IconCoin, IconMapPin } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '@/components/header/use-locale.ts';
import { formatAddress } from '@/components/services/format.ts';
import { ServiceBadges } from '@/components/services/service-badges.tsx';
import { priceText } from '@/components/services/service-price.ts';
import { paths } from '@/config/paths.ts';
import classes from './clients.module.css';

/**
 * One service of the pool: type and form, name (to the detail, which leads back here), badges
 * (verified, sponsored), provider, address, price, and why it is shown.
 */
export const ServiceOfferCard = memo(function ServiceOfferCard({
  service,
  regionCode,
  backHref,
}: {
  service: ServiceOfferItem;
  regionCode: string;
  backHref: string;
}) {
  const { t } = useTranslation(['clients', 'catalogue']);
  const { t: tCatalogue } = useTranslation('catalogue');
  const { locale } = useLocale();
  const address = service.facility.address;

  return (
    <Card component="article" withBorder radius="md" padding="lg" className={classes.card}>
      <Stack gap="xs">
        <Text size="sm" fw={600} c="opora.8">
          <span className="visually-hidden">{t('catalogue:labels.serviceType')}: </span>
          {t(`catalogue:serviceTypes.${service.serviceType.code}`)} · {t(`catalogue:forms.${service.form}`)}
        </Text>
        <Title order={3} className={classes.cardTitle}>
          <Anchor
            component={Link}
            to={paths.anonNewClientServiceDetail.getHref({ serviceId: service.id, regionCode })}
            state={{ listHref: backHref }}
            inherit
            underline="hover"
            className={classes.cardLink}
          >
            {service.name}
          </Anchor>
        </Title>
        <ServiceBadges flags={service.flags} />
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconBuildingCommunity size={20} aria-hidden className={classes.cardIcon} />
          <Text>
            <span className="visually-hidden">{t('catalogue:labels.provider')}: </span>
            {service.provider.name}
          </Text>
        </Group>
        {address ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconMapPin size={20} aria-hidden className={classes.cardIcon} />
            <Text>
              <span className="visually-hidden">{t('catalogue:labels.address')}: </span>
              {formatAddress(address)}
            </Text>
          </Group>
        ) : null}
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconCoin size={20} aria-hidden className={classes.cardIcon} />
          <Text fw={600}>
            <span className="visually-hidden">{t('catalogue:labels.price')}: </span>
            {priceText(tCatalogue, service.price, locale)}
          </Text>
        </Group>
        {service.reasons.length > 0 ? (
          <div className={classes.reasons}>
            <Text size="sm" fw={600} id={`reasons-${service.id}`}>
              {t('offer.whyShown')}
            </Text>
            <List size="sm" aria-labelledby={`reasons-${service.id}`} className={classes.reasonList}>
              {service.reasons.map((reason) => (
                <List.Item key={reason}>{t(`offer.reasons.${reason}`)}</List.Item>
              ))}
            </List>
          </div>
        ) : null}
      </Stack>
    </Card>
  );
});
