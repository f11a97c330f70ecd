import { Anchor, Table } from '@mantine/core';
import type { ProviderServiceListItem } from '@opora/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useServiceTypeName } from '@/lib/reference-data/use-service-type-name.ts';
import { formatInstantDate } from '@/shared-features/requests/dates.ts';
import { ServiceStatusBadge } from './service-status-badge.tsx';

/** The services as a table; on a phone its columns scroll sideways, the name stays first. */
export function ServicesTable({
  items,
  withFacility = true,
}: {
  items: ProviderServiceListItem[];
  withFacility?: boolean;
}) {
  const { t } = useTranslation(['provider-services', 'catalogue']);
  const serviceTypeName = useServiceTypeName();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.name')}</Table.Th>
            {withFacility ? <Table.Th>{t('list.facility')}</Table.Th> : null}
            <Table.Th>{t('list.type')}</Table.Th>
            <Table.Th>{t('list.statusColumn')}</Table.Th>
            <Table.Th>{t('list.updated')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((service) => (
            <Table.Tr key={service.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={paths.providerService.getHref({ serviceId: service.id })}
                  fw={600}
                >
                  {service.name}
                </Anchor>
              </Table.Td>
              {withFacility ? <Table.Td>{service.facility.name}</Table.Td> : null}
              <Table.Td>{serviceTypeName(service.serviceType.code)}</Table.Td>
              <Table.Td>
                <ServiceStatusBadge status={service.status} />
              </Table.Td>
              <Table.Td>{formatInstantDate(service.updatedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
