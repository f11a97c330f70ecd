import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ProviderVerificationDetail } from '@opora/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useServiceTypeName } from '@/lib/reference-data/use-service-type-name.ts';
import { useWideFrom } from '@/lib/use-wide-from.ts';
import classes from './admin.module.css';
import { CopyableCode, Section } from './verification-details.tsx';

type Service = ProviderVerificationDetail['services'][number];

/** "Without a number": what staff cannot look up in the register, flagged in colour and in words. */
function MissingNumber() {
  const { t } = useTranslation('admin');
  return (
    <Badge
      variant="light"
      color="yellow"
      c="gray.9"
      tt="none"
      radius="sm"
      leftSection={<IconAlertTriangle size={14} aria-hidden />}
    >
      {t('services.noNumber')}
    </Badge>
  );
}

/** The provider's services with what the register knows them by. */
export function VerificationServices({ detail }: { detail: ProviderVerificationDetail }) {
  const { t } = useTranslation(['admin', 'catalogue']);
  const serviceTypeName = useServiceTypeName();
  const wide = useWideFrom('md');
  const missing = detail.services.filter((service) => !service.registerNumber).length;

  const partsOf = (service: Service) => {
    return {
      name: <Text fw={600}>{service.name}</Text>,
      facility: service.facility,
      type: (
        <>
          {serviceTypeName(service.serviceType.code)}
          {service.serviceType.legalReference ? (
            <Text size="sm" c="dark.6">
              {service.serviceType.legalReference}
            </Text>
          ) : null}
        </>
      ),
      form: t(`catalogue:forms.${service.form}`),
      status: t(`serviceStatus.${service.status}`),
      number: service.registerNumber ? (
        <CopyableCode
          value={service.registerNumber}
          label={t('copy.number', { value: service.registerNumber, service: service.name })}
        />
      ) : (
        <MissingNumber />
      ),
    };
  };

  return (
    <Section title={t('services.title')} headingId="services-title">
      {detail.services.length === 0 ? (
        <Text>{t('services.none')}</Text>
      ) : (
        <>
          {missing > 0 ? (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconAlertTriangle size={20} aria-hidden color="var(--mantine-color-yellow-8)" />
              <Text fw={600}>{t('services.missing', { count: missing })}</Text>
            </Group>
          ) : null}
          {wide ? (
            <Table striped>
              <Table.Caption className="visually-hidden">{t('services.title')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('services.name')}</Table.Th>
                  <Table.Th scope="col">{t('services.facility')}</Table.Th>
                  <Table.Th scope="col">{t('services.type')}</Table.Th>
                  <Table.Th scope="col">{t('services.form')}</Table.Th>
                  <Table.Th scope="col">{t('services.status')}</Table.Th>
                  <Table.Th scope="col">{t('services.registerNumber')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.services.map((service) => {
                  const parts = partsOf(service);
                  return (
                    <Table.Tr key={service.id}>
                      <Table.Th scope="row">{parts.name}</Table.Th>
                      <Table.Td>{parts.facility}</Table.Td>
                      <Table.Td>{parts.type}</Table.Td>
                      <Table.Td>{parts.form}</Table.Td>
                      <Table.Td>{parts.status}</Table.Td>
                      <Table.Td>{parts.number}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          ) : (
            <Stack
              component="ul"
              gap="sm"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={t('services.title')}
            >
              {detail.services.map((service) => {
                const parts = partsOf(service);
                return (
                  <Paper component="li" key={service.id} withBorder radius="sm" p="sm">
                    <Stack gap={4}>
                      <div className={classes.value}>{parts.name}</div>
                      <Text>
                        {serviceTypeName(service.serviceType.code)} · {parts.form} · {parts.status}
                      </Text>
                      <Text size="sm" c="dark.6">
                        {t('services.facility')}: {parts.facility}
                      </Text>
                      <Group gap="xs" mt={4}>
                        <Text size="sm" fw={600}>
                          {t('services.registerNumber')}:
                        </Text>
                        {parts.number}
                      </Group>
                    </Stack>
                  </Paper>
                );
              })}
            </Stack>
          )}
        </>
      )}
    </Section>
  );
}
