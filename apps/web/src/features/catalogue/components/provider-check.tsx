import { Stack, Text } from '@mantine/core';
import { publicRegisters, type ServiceDetail } from '@opora/contracts';
import { IconAlertTriangle, IconDiscountCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatInstantDate } from '@/shared-features/requests/dates.ts';
import classes from './catalogue.module.css';
import { ExternalLink } from './external-link.tsx';

type CheckedService = Pick<ServiceDetail, 'registerNumber' | 'provider'>;

/** What carers see of Opora's check (issue 25 §1): current, run out, or none (never verified). */
export type ProviderCheckState =
  | { kind: 'verified'; date: string }
  | { kind: 'lapsed'; date: string }
  | { kind: 'none' };

export function providerCheckOf({ provider }: Pick<ServiceDetail, 'provider'>): ProviderCheckState {
  if (provider.verified && provider.verifiedAt) return { kind: 'verified', date: provider.verifiedAt };
  if (!provider.verified && provider.verificationLapsedAt) {
    return { kind: 'lapsed', date: provider.verificationLapsedAt };
  }
  return { kind: 'none' };
}

/** The day of an instant as the app writes it, kept on one line ("01. / 10. 2026" reads badly). */
export function unbrokenDate(instant: string): string {
  return formatInstantDate(instant).replaceAll(' ', '\u00a0');
}

/**
 * Where a carer can look the provider up themselves. No register documents an address per entry, so
 * the link names what to search for: the service's number in the register of social services where
 * the country has one register (CZ), else the company number in the business register.
 */
function registerLink(service: CheckedService): { href: string; kind: 'social' | 'business' } | null {
  const registers = publicRegisters[service.provider.country];
  if (service.registerNumber && registers.socialServices) {
    return { href: registers.socialServices, kind: 'social' };
  }
  if (service.provider.identificationCode) return { href: registers.businesses, kind: 'business' };
  return null;
}

/**
 * "Registered social service no. … — verified by Opora on …" (or the provider alone, for services
 * without a register number), with a link to the public register; "Opora's verification expired on …"
 * in a warning colour once the yearly check ran out. Nothing for a provider never verified.
 */
export function ProviderCheck({
  service,
  withLink = false,
}: {
  service: CheckedService;
  withLink?: boolean;
}) {
  const { t } = useTranslation('catalogue');
  const check = providerCheckOf(service);
  if (check.kind === 'none') return null;
  const date = unbrokenDate(check.date);
  const link = withLink ? registerLink(service) : null;
  const { provider, registerNumber } = service;
  return (
    <Stack gap={6} align="flex-start">
      <div className={classes.check} data-check={check.kind}>
        {check.kind === 'verified' ? (
          <IconDiscountCheck size={20} aria-hidden className={classes.checkIcon} />
        ) : (
          <IconAlertTriangle size={20} aria-hidden className={classes.checkIcon} />
        )}
        <Text fw={600} size="sm" lh={1.45}>
          {check.kind === 'lapsed'
            ? t('verification.lapsed', { date })
            : registerNumber
              ? t('verification.registeredService', { number: registerNumber, date })
              : t('verification.verifiedProvider', { date })}
        </Text>
      </div>
      {link ? (
        <Text size="sm">
          <ExternalLink href={link.href}>
            {link.kind === 'social'
              ? t('verification.socialRegister', { number: registerNumber })
              : t(`verification.businessRegister.${provider.country}`, { ico: provider.identificationCode })}
          </ExternalLink>
        </Text>
      ) : null}
    </Stack>
  );
}
