import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { FacilityService } from '@opora/contracts';
import { IconBuildingCommunity, IconCoin, IconMapPin } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '@/components/header/use-locale.ts';
import { formatAddress } from '@/components/services/format.ts';
import { ServiceBadges } from '@/components/services/service-badges.tsx';
import { priceText } from '@/components/services/service-price.ts';
import { paths } from '@/config/paths.ts';
import classes from './catalogue.module.css';

export type DetailLinkState = { listHref: string };

/**
 * One service of the list; its name links to the detail, which knows the way back to this list.
 * Memoised: the page re-renders as its other data arrives and the filters change, the cards need not.
 */
export const ServiceCard = memo(function ServiceCard({
  service,
  regionCode,
  listHref,
}: {
  service: FacilityService;
  regionCode: string;
  listHref: string;
}) {
  const { t } = useTranslation('catalogue');
  const { locale } = useLocale();
  const address = service.facility.address;
  const state: DetailLinkState = { listHref };

  return (
    <Card component="article" withBorder radius="md" padding="lg" className={classes.card}>
      <Stack gap="xs">
        <Text size="sm" fw={600} c="opora.8">
          <span className="visually-hidden">{t('labels.serviceType')}: </span>
          {t(`serviceTypes.${service.serviceType.code}`)} · {t(`forms.${service.form}`)}
        </Text>
        <Title order={2} className={classes.cardTitle}>
          <Anchor
            component={Link}
            to={paths.anonNewClientServiceDetail.getHref({ serviceId: service.id, regionCode })}
            state={state}
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
            <span className="visually-hidden">{t('labels.provider')}: </span>
            {service.provider.name}
          </Text>
        </Group>
        {address ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconMapPin size={20} aria-hidden className={classes.cardIcon} />
            <Text>
              <span className="visually-hidden">{t('labels.address')}: </span>
              {formatAddress(address)}
            </Text>
          </Group>
        ) : null}
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconCoin size={20} aria-hidden className={classes.cardIcon} />
          <Text fw={600}>
            <span className="visually-hidden">{t('labels.price')}: </span>
            {priceText(t, service.price, locale)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
});
