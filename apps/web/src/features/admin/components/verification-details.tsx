import { Anchor, Badge, Button, CopyButton, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  type ProviderVerificationDetail,
  type ProviderVerificationDetails,
  publicRegisters,
} from '@opora/contracts';
import { IconCheck, IconCircleCheck, IconCircleX, IconCopy, IconExternalLink } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FieldList } from '@/components/ui/field-list.tsx';
import { formatPhone } from '@/lib/format.ts';
import { useWideFrom } from '@/lib/use-wide-from.ts';
import { formatZipcode } from '@/shared-features/places/place-address.ts';
import { formatInstantDate } from '@/shared-features/requests/dates.ts';
import classes from './admin.module.css';

/** A section of the check: a titled, bordered box. */
export function Section({
  title,
  headingId,
  children,
}: {
  title: string;
  headingId: string;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A link to a page outside Opora, said to open in a new tab. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <IconExternalLink
        size={16}
        aria-hidden
        style={{ marginInlineStart: 4, verticalAlign: 'text-bottom' }}
      />
      <span className="visually-hidden"> ({t('footer.opensInNewTab')})</span>
    </Anchor>
  );
}

/** A value staff will paste into a register's search, with a button that copies it. */
export function CopyableCode({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('admin');
  return (
    <Group gap="xs" wrap="nowrap" component="span" style={{ display: 'inline-flex' }}>
      <span className={classes.code}>{value}</span>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            size="compact-sm"
            variant="default"
            onClick={copy}
            aria-label={copied ? t('copy.copied') : label}
            leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          >
            {copied ? t('copy.copied') : t('copy.action')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** The IČO with its check digit's verdict: ✓ or ✗, in words too. */
function IdentificationCode({ code, valid }: { code: string | null; valid: boolean | null }) {
  const { t } = useTranslation('admin');
  if (!code) return <>{t('details.empty')}</>;
  return (
    <Group gap="xs" component="span" style={{ display: 'inline-flex' }}>
      <span className={classes.code}>{code}</span>
      {valid === null ? null : valid ? (
        <Group gap={4} component="span" c="teal.9" style={{ display: 'inline-flex' }}>
          <IconCircleCheck size={18} aria-hidden />
          {t('details.identificationCodeValid')}
        </Group>
      ) : (
        <Group gap={4} component="span" c="red.9" fw={600} style={{ display: 'inline-flex' }}>
          <IconCircleX size={18} aria-hidden />
          {t('details.identificationCodeInvalid')}
        </Group>
      )}
    </Group>
  );
}

/** `Street 1, 602 00 Brno`: what of an address is known, on one line. */
function addressText(address: {
  street: string | null;
  city: string | null;
  zipcode: string | null;
}): string {
  const town = [address.zipcode && formatZipcode(address.zipcode), address.city].filter(Boolean).join(' ');
  return [address.street, town].filter(Boolean).join(', ');
}

type DetailRow = {
  key: string;
  label: string;
  /** The value as one piece of text: what the claim compares. */
  text: (details: ProviderVerificationDetails) => string;
  /** How it shows, when more than its text (a link, the IČO's verdict). */
  show?: (details: ProviderVerificationDetails) => ReactNode;
};

function detailRows(t: TFunction<'admin'>, icoValid: boolean | null): DetailRow[] {
  const empty = t('details.empty');
  const or = (value: string | null | undefined) => (value?.trim() ? value : empty);
  return [
    { key: 'name', label: t('details.name'), text: (d) => d.name },
    {
      key: 'identificationCode',
      label: t('details.identificationCode'),
      text: (d) => or(d.identificationCode),
      show: (d) => <IdentificationCode code={d.identificationCode} valid={icoValid} />,
    },
    { key: 'taxCode', label: t('details.taxCode'), text: (d) => or(d.taxCode) },
    { key: 'country', label: t('details.country'), text: (d) => t(`country.${d.country}`) },
    {
      key: 'address',
      label: t('details.address'),
      text: (d) =>
        or(
          [
            addressText(d.address),
            d.address.county ? t('details.county', { county: d.address.county.name }) : '',
          ]
            .filter(Boolean)
            .join(', '),
        ),
    },
    {
      key: 'billingAddress',
      label: t('details.billingAddress'),
      text: (d) => {
        const { name, ...address } = d.billingAddress;
        const line = [name, addressText(address)].filter(Boolean).join(', ');
        return line || t('details.sameAsAddress');
      },
    },
    { key: 'requestsEmail', label: t('details.requestsEmail'), text: (d) => or(d.requestsEmail) },
    {
      key: 'contactPhone',
      label: t('details.contactPhone'),
      text: (d) => (d.contactPhone ? formatPhone(d.contactPhone) : empty),
    },
    { key: 'contactEmail', label: t('details.contactEmail'), text: (d) => or(d.contactEmail) },
    {
      key: 'url',
      label: t('details.url'),
      text: (d) => or(d.url),
      show: (d) =>
        d.url && /^https?:\/\//i.test(d.url) ? <ExternalLink href={d.url}>{d.url}</ExternalLink> : or(d.url),
    },
    { key: 'description', label: t('details.description'), text: (d) => or(d.description) },
  ];
}

/** The provider's details as it entered them (a new organisation, a yearly check). */
export function ProviderDetails({ detail }: { detail: ProviderVerificationDetail }) {
  const { t } = useTranslation('admin');
  const rows = detailRows(t, detail.provider.identificationCodeValid);
  return (
    <Section title={t('details.title')} headingId="details-title">
      <FieldList>
        {rows.map((row) => (
          <Field key={row.key} label={row.label}>
            <span className={classes.value}>
              {row.show ? row.show(detail.details) : row.text(detail.details)}
            </span>
          </Field>
        ))}
      </FieldList>
    </Section>
  );
}

/**
 * A claim: the listing as it was beside the claimant's details, the rows that differ marked (by colour
 * and in words).
 */
export function ClaimComparison({
  previous,
  detail,
}: {
  previous: ProviderVerificationDetails;
  detail: ProviderVerificationDetail;
}) {
  const { t } = useTranslation('admin');
  const wide = useWideFrom('md');
  const rows = detailRows(t, detail.provider.identificationCodeValid).map((row) => ({
    ...row,
    differs: row.text(previous) !== row.text(detail.details),
  }));
  const differing = rows.filter((row) => row.differs).length;
  // Decided, the provider's details are what the decision left (a rejected claim restored the listing).
  const open = detail.status === 'open';
  const currentLabel = open ? t('claim.current') : t('claim.currentNow');
  const current = (row: DetailRow) => (row.show ? row.show(detail.details) : row.text(detail.details));
  const before = (row: DetailRow) =>
    row.key === 'identificationCode'
      ? row.text(previous)
      : row.show
        ? row.show(previous)
        : row.text(previous);
  return (
    <Section title={t('claim.title')} headingId="claim-title">
      <Text>{open ? t('claim.intro') : t('claim.introDecided')}</Text>
      <Text fw={600}>{differing === 0 ? t('claim.same') : t('claim.differing', { count: differing })}</Text>
      {wide ? (
        <Table>
          <Table.Caption className="visually-hidden">{t('claim.title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('claim.field')}</Table.Th>
              <Table.Th scope="col">{t('claim.previous')}</Table.Th>
              <Table.Th scope="col">{currentLabel}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key} className={row.differs ? classes.differs : undefined}>
                <Table.Th scope="row">
                  {row.label}
                  {row.differs ? (
                    <Badge ml="xs" size="sm" variant="light" color="yellow" c="gray.9" tt="none" radius="sm">
                      {t('claim.differs')}
                    </Badge>
                  ) : null}
                </Table.Th>
                <Table.Td className={classes.value}>{before(row)}</Table.Td>
                <Table.Td className={classes.value}>{current(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('claim.title')}
        >
          {rows.map((row) => (
            <Paper
              component="li"
              key={row.key}
              withBorder
              radius="sm"
              p="sm"
              className={row.differs ? classes.differsCard : undefined}
            >
              <Text fw={700}>
                {row.label}
                {row.differs ? (
                  <Badge ml="xs" size="sm" variant="light" color="yellow" c="gray.9" tt="none" radius="sm">
                    {t('claim.differs')}
                  </Badge>
                ) : null}
              </Text>
              {row.differs ? (
                <>
                  <Text size="sm" c="dark.6" mt={4}>
                    {t('claim.previous')}
                  </Text>
                  <div className={classes.value}>{before(row)}</div>
                  <Text size="sm" c="dark.6" mt={4}>
                    {currentLabel}
                  </Text>
                  <div className={classes.value}>{current(row)}</div>
                </>
              ) : (
                <>
                  <div className={classes.value}>{current(row)}</div>
                  <Text size="sm" c="dark.6">
                    {t('claim.unchanged')}
                  </Text>
                </>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/**
 * Where staff look the provider up: the country's business register by IČO and its register of social
 * services by each service's number. No register documents an address for one entry, so the number
 * to search for stands beside the link, ready to copy.
 */
export function PublicRegisters({ detail }: { detail: ProviderVerificationDetail }) {
  const { t } = useTranslation('admin');
  const country = detail.provider.country;
  const registers = publicRegisters[country];
  const ico = detail.details.identificationCode;
  const numbers = detail.services.flatMap((service) =>
    service.registerNumber ? [service.registerNumber] : [],
  );
  return (
    <Section title={t('registers.title')} headingId="registers-title">
      <Text>{t('registers.intro')}</Text>
      <Stack gap="md">
        <Stack gap={4}>
          <ExternalLink href={registers.businesses}>{t(`registers.${country}.businesses`)}</ExternalLink>
          <Text size="sm">
            {ico ? (
              <>
                {t('registers.searchIco')} <CopyableCode value={ico} label={t('copy.ico', { value: ico })} />
              </>
            ) : (
              t('registers.noIco')
            )}
          </Text>
        </Stack>
        <Stack gap={4}>
          {registers.socialServices ? (
            <ExternalLink href={registers.socialServices}>
              {t(`registers.${country}.socialServices`)}
            </ExternalLink>
          ) : (
            <Text fw={600}>{t(`registers.${country}.socialServices`)}</Text>
          )}
          <Text size="sm">
            {registers.socialServices ? t('registers.searchNumbers') : t('registers.regional')}{' '}
            {numbers.length === 0
              ? t('registers.noNumbers')
              : t('registers.numbersBelow', { count: numbers.length })}
          </Text>
        </Stack>
      </Stack>
    </Section>
  );
}

/** The provider's administrators: who joined for it, how to reach them. */
export function Administrators({ detail }: { detail: ProviderVerificationDetail }) {
  const { t } = useTranslation('admin');
  return (
    <Section title={t('administrators.title')} headingId="administrators-title">
      {detail.administrators.length === 0 ? (
        <Text>{t('administrators.none')}</Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {detail.administrators.map((person) => (
            <li key={person.email}>
              <Text fw={600}>{person.name || person.email}</Text>
              <Anchor href={`mailto:${person.email}`} className={classes.value}>
                {person.email}
              </Anchor>
              <Text size="sm" c="dark.6">
                {administratorState(t, person)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function administratorState(
  t: TFunction<'admin'>,
  person: ProviderVerificationDetail['administrators'][number],
): string {
  const date = formatInstantDate(person.joinedAt);
  return person.registered ? t('administrators.registered', { date }) : t('administrators.invited', { date });
}
