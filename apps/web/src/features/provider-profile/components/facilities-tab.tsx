import { Anchor, Badge, Button, Stack, Table, Text } from '@mantine/core';
import type { ProviderProfile } from '@opora/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DetailDialog } from '@/components/overlays/detail-dialog.tsx';
import { paths } from '@/config/paths.ts';
import { addressLine } from '../utils/record-values.ts';
import { FacilityForm } from './facility-form.tsx';

/** The Facilities tab: the provider's facilities, each linking to its detail, and "Add facility". */
export function FacilitiesTab({ profile }: { profile: ProviderProfile }) {
  const { t } = useTranslation('provider-profile');
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const { provider, facilities, access } = profile;
  return (
    <Stack gap="md">
      {access.editProvider ? (
        <div>
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
            {t('facilities.add')}
          </Button>
        </div>
      ) : null}
      {facilities.length === 0 ? (
        <Text>{t('facilities.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('facility.name')}</Table.Th>
                <Table.Th scope="col">{t('facility.type')}</Table.Th>
                <Table.Th scope="col">{t('facility.address')}</Table.Th>
                <Table.Th scope="col">{t('facilities.services')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {facilities.map((facility) => (
                <Table.Tr key={facility.id}>
                  <Table.Th scope="row">
                    <Anchor
                      component={Link}
                      to={paths.providerFacility.getHref({ facilityId: facility.id })}
                      fw={600}
                    >
                      {facility.name}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{facility.type}</Table.Td>
                  <Table.Td>
                    {addressLine(facility.address)}
                    {facility.sameAsProvider ? (
                      <Badge ml="xs" variant="light" color="gray">
                        {t('facilities.sameAsProvider')}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{facility.serviceCount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <DetailDialog opened={adding} onClose={() => setAdding(false)} title={t('facility.addTitle')} size="lg">
        {adding ? (
          <FacilityForm
            providerId={provider.id}
            providerAddress={provider.address}
            onCancel={() => setAdding(false)}
            onCreated={(facility) => {
              setAdding(false);
              void navigate(paths.providerFacility.getHref({ facilityId: facility.id }));
            }}
          />
        ) : null}
      </DetailDialog>
    </Stack>
  );
}
