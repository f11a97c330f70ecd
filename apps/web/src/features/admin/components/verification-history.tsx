import { Badge, Group, type MantineColor, Paper, Stack, Text, Title } from '@mantine/core';
import type {
  ProviderVerificationDecisionRecord,
  ProviderVerificationDetail,
  ProviderVerificationStatus,
} from '@opora/contracts';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FieldList } from '@/components/ui/field-list.tsx';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { formatDateTime } from '@/shared-features/requests/dates.ts';
import classes from './admin.module.css';
import { Section } from './verification-details.tsx';

/** Text colours readable on each badge's light fill (teal's own darkest shade reads at 4.3:1). */
const statusColors: Record<ProviderVerificationStatus, { color: MantineColor; text: MantineColor }> = {
  open: { color: 'yellow', text: 'gray.9' },
  approved: { color: 'teal', text: 'opora.9' },
  rejected: { color: 'red', text: 'red.9' },
};

/** A check's state as a badge: waiting, approved or rejected. */
export function StatusBadge({ status }: { status: ProviderVerificationStatus }) {
  const { t } = useTranslation('admin');
  const { color, text } = statusColors[status];
  return (
    <Badge variant="light" color={color} c={text} size="md" tt="none" radius="sm">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** The reason and note of a decision, when it has them. */
function ReasonFields({ record }: { record: ProviderVerificationDecisionRecord }) {
  const { t } = useTranslation('admin');
  if (!record.reason && !record.note) return null;
  return (
    <FieldList>
      {record.reason ? <Field label={t('history.reason')}>{t(`reason.${record.reason}`)}</Field> : null}
      {record.note ? (
        <Field label={t('history.note')}>
          <span className={classes.value}>{record.note}</span>
        </Field>
      ) : null}
    </FieldList>
  );
}

/**
 * This check, decided: the outcome, who and when, why. Shown in place of the form; just after the
 * person decided, it takes the focus the vanished form had.
 */
export function DecidedNotice({
  record,
  focusOnShow,
}: {
  record: ProviderVerificationDecisionRecord;
  focusOnShow: boolean;
}) {
  const { t } = useTranslation('admin');
  const { locale } = useLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);
  const approved = record.outcome === 'approved';
  return (
    // A part of the page named by its heading, not an interruption: the focus goes to it after deciding.
    <Paper
      component="section"
      aria-labelledby="decided-title"
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      className={approved ? classes.approved : classes.rejected}
    >
      <Group gap="md" align="flex-start" wrap="nowrap">
        {approved ? (
          <IconCircleCheck size={28} aria-hidden className={classes.approvedIcon} />
        ) : (
          <IconCircleX size={28} aria-hidden className={classes.rejectedIcon} />
        )}
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h3" id="decided-title" ref={heading} tabIndex={-1}>
            {t(`decided.${record.outcome}`)}
          </Title>
          <Text>
            {t('decided.by', { name: record.decidedBy, date: formatDateTime(record.decidedAt, locale) })}
          </Text>
          <ReasonFields record={record} />
        </Stack>
      </Group>
    </Paper>
  );
}

/** The provider's earlier checks and how they ended, newest first. */
export function DecisionHistory({ detail }: { detail: ProviderVerificationDetail }) {
  const { t } = useTranslation('admin');
  const { locale } = useLocale();
  const earlier = detail.history.filter((record) => record.verificationId !== detail.verificationId);
  return (
    <Section title={t('history.title')} headingId="history-title">
      {earlier.length === 0 ? (
        <Text>{t('history.none')}</Text>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {earlier.map((record) => (
            <Paper component="li" key={record.verificationId} withBorder radius="sm" p="sm">
              <Stack gap="xs">
                <Group gap="xs">
                  <StatusBadge status={record.outcome} />
                  <Text fw={600}>{t(`kind.${record.kind}`)}</Text>
                </Group>
                <Text size="sm">
                  {t('decided.by', {
                    name: record.decidedBy,
                    date: formatDateTime(record.decidedAt, locale),
                  })}
                </Text>
                <ReasonFields record={record} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Section>
  );
}
