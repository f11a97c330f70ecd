import { List, Text } from '@mantine/core';
import type { ServiceOfferItem } from '@opora/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceCard } from '@/components/services/service-card.tsx';
import { paths } from '@/config/paths.ts';
import classes from './clients.module.css';

/**
 * One service of the pool: the catalogue's card (its name leads to the detail, which leads back
 * here), and why it is shown.
 */
export const ServiceOfferCard = memo(function ServiceOfferCard({
  service,
  caseId,
  backHref,
}: {
  service: ServiceOfferItem;
  /** The case the pool recommends for; the detail keeps it for the request (next issue). */
  caseId: string | null;
  backHref: string;
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
    </ServiceCard>
  );
});
