import { Text } from '@mantine/core';
import { type Client, type ClientPerson, formatDisplayDate } from '@opora/contracts';
import { useTranslation } from 'react-i18next';
import { Field, FieldList } from '@/components/ui/field-list.tsx';
import { formatPhone } from '@/lib/format.ts';
import { ageOn } from '../utils/person.ts';

/** A client's data, read-only (SPEC §3): the birth number only masked, as the API gives it. */
export function ClientDetails({ client }: { client: Client }) {
  const { t } = useTranslation(['clients', 'enums']);
  const notGiven = (
    <Text span c="dimmed">
      {t('details.notGiven')}
    </Text>
  );
  const age = client.dateOfBirth ? ageOn(client.dateOfBirth) : null;
  const person = (value: ClientPerson | null) =>
    value
      ? [value.fullName, value.phone ? formatPhone(value.phone) : null].filter(Boolean).join(', ')
      : notGiven;

  return (
    <FieldList>
      <Field label={t('details.name')}>{client.fullName}</Field>
      <Field label={t('details.relationship')}>
        {client.isClient
          ? t('details.isClient')
          : client.relationshipType
            ? t(`enums:relationshipType.${client.relationshipType.code}`)
            : notGiven}
      </Field>
      <Field label={t('form.dateOfBirth')}>
        {client.dateOfBirth
          ? age !== null
            ? t('details.dateOfBirthAge', { date: formatDisplayDate(client.dateOfBirth), count: age })
            : formatDisplayDate(client.dateOfBirth)
          : notGiven}
      </Field>
      <Field label={t('details.birthNumber')}>{client.birthNumberMasked ?? notGiven}</Field>
      <Field label={t('form.sex')}>{client.sex ? t(`form.sexOptions.${client.sex}`) : notGiven}</Field>
      <Field label={t('form.email')}>{client.email ?? notGiven}</Field>
      <Field label={t('form.phone')}>{client.phone ? formatPhone(client.phone) : notGiven}</Field>
      <Field label={t('form.residence')}>
        {client.residence ? (
          <>
            {client.residence.fullAddress}
            <Text span c="dimmed" display="block" size="sm">
              {t('address.county', { name: client.residence.county.name })} · {client.residence.region.name}
            </Text>
          </>
        ) : (
          notGiven
        )}
      </Field>
      <Field label={t('form.serviceAddress')}>
        {client.serviceAddressDiffers && client.serviceAddress ? (
          <>
            {client.serviceAddress.fullAddress}
            <Text span c="dimmed" display="block" size="sm">
              {t('address.county', { name: client.serviceAddress.county.name })} ·{' '}
              {client.serviceAddress.region.name}
            </Text>
          </>
        ) : (
          t('details.sameAsResidence')
        )}
      </Field>
      <Field label={t('form.contactPerson')}>{person(client.contactPerson)}</Field>
      <Field label={t('form.attendingDoctor')}>{person(client.attendingDoctor)}</Field>
      <Field label={t('details.consent')}>
        {client.healthDataConsent
          ? t(client.healthDataConsent.onBehalf ? 'details.consentOnBehalf' : 'details.consentSelf', {
              by: client.healthDataConsent.grantedBy,
              date: formatDisplayDate(client.healthDataConsent.grantedAt.slice(0, 10)),
            })
          : notGiven}
      </Field>
    </FieldList>
  );
}
