import { Button, List, Text } from '@mantine/core';
import type { ServiceOfferItem } from '@opora/contracts';
import { IconSend } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ServiceCard } from '@/shared-features/services/service-card.tsx';
import classes from './clients.module.css';

/**
 * One service of the pool: the catalogue's card (its name leads to the detail, which leads back
 * here), and why it is shown; `requestable`, the way on to its request (a verified provider's service
 * not requested yet for the case).
 */
export const ServiceOfferCard = memo(function ServiceOfferCard({
  service,
  caseId,
  backHref,
  requestable = false,
}: {
  service: ServiceOfferItem;
  /** The case the pool recommends for; the detail keeps it for the request. */
  caseId: string | null;
  backHref: string;
  requestable?: boolean;
}) {
  const { t } = useTranslation('clients');
  return (
    <ServiceCard
      service={service}
      href={paths.dashboardService.getHref({ serviceId: service.id, ...(caseId ? { caseId } : {}) })}
      listHref={backHref}
      headingOrder={3}
    >
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
      {requestable && caseId && !service.flags.alreadyRequested ? (
        service.provider.verified ? (
          <Button
            component={Link}
            to={paths.dashboardRequestReview.getHref({ caseId, serviceId: service.id })}
            aria-label={t('offer.requestLabel', { name: service.name })}
            leftSection={<IconSend size={20} aria-hidden />}
            mt="xs"
            style={{ alignSelf: 'flex-start' }}
          >
            {t('offer.request')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t('offer.unverified')}
          </Text>
        )
      ) : null}
    </ServiceCard>
  );
});
