import { Anchor, Badge, Group, type MantineColor, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Case, CaseAssistantWork } from '@opora/contracts';
import type { Icon } from '@tabler/icons-react';
import {
  IconArrowBackUp,
  IconCircleCheck,
  IconHourglassHigh,
  IconPhoneCall,
  IconSend,
  IconUserCheck,
  IconUserHeart,
  IconUserShare,
} from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { formatDateTime, formatInstantDate } from '@/shared-features/requests/dates.ts';
import { useCaseAssistantWork } from '../api/get-case-assistant-work.ts';
import { useClientCases } from '../api/list-client-cases.ts';
import classes from './clients.module.css';

type Entry = CaseAssistantWork['entries'][number];

// Each state's text is the darkest shade of its colour on the light fill, as the request states'
// badges are; teal's own reads too faintly there, so the theme's darker teal (opora) carries it.
const stateColors: Record<CaseAssistantWork['state'], MantineColor> = {
  waiting: 'gray',
  'in-progress': 'blue',
  done: 'teal',
};

const entryIcons: Record<Entry['kind'], Icon> = {
  claimed: IconUserCheck,
  released: IconArrowBackUp,
  reassigned: IconUserShare,
  call: IconPhoneCall,
  'request-sent': IconSend,
  closed: IconCircleCheck,
};

/** The carer sees the assistant's first name only (decision 0123), whatever an entry kept. */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/**
 * The assistants' work on the client's cases handed over to them (issue 25 §2, decision 0123): one
 * section per such case — also after the plan ended, as the work stays the carer's. A case never
 * handed over answers null and shows nothing.
 */
export function AssistantWork({ clientId }: { clientId: string }) {
  const cases = useClientCases(clientId);
  if (!cases.data || cases.data.length === 0) return null;
  return (
    <>
      {cases.data.map((item) => (
        <CaseAssistantWorkSection key={item.id} handedCase={item} />
      ))}
    </>
  );
}

/** One case's work, read when shown; nothing while it loads or when the case was never handed over. */
function CaseAssistantWorkSection({ handedCase }: { handedCase: Case }) {
  const { t } = useTranslation('clients');
  const work = useCaseAssistantWork(handedCase.id);
  if (work.isError && !work.data) {
    return (
      <LoadError
        title={t('assistantWork.error.title')}
        text={t('assistantWork.error.text')}
        retryLabel={t('assistantWork.error.retry')}
        retrying={work.isFetching}
        onRetry={() => void work.refetch()}
      />
    );
  }
  if (!work.data) return null;
  return <AssistantWorkCard work={work.data} caseName={handedCase.name} />;
}

/** What the assistant did on a case: where it stands, the summary once done, and each step in time order. */
export function AssistantWorkCard({ work, caseName }: { work: CaseAssistantWork; caseName: string }) {
  const { t } = useTranslation('clients');
  const headingId = useId();
  const color = stateColors[work.state];
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      // The heading and the case: one section per handed-over case, each named apart.
      aria-labelledby={`${headingId} ${headingId}-case`}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="h3" id={headingId}>
              {t('assistantWork.title')}
            </Title>
            <Text size="sm" c="dimmed" id={`${headingId}-case`}>
              {t('assistantWork.case', { name: caseName })}
            </Text>
          </Stack>
          <Badge
            variant="light"
            color={color}
            c={color === 'teal' ? 'opora.9' : `${color}.9`}
            size="lg"
            tt="none"
            radius="sm"
          >
            {t(`assistantWork.state.${work.state}`)}
          </Badge>
        </Group>

        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="opora" size={36} radius="xl" aria-hidden>
            {work.state === 'waiting' ? <IconHourglassHigh size={20} /> : <IconUserHeart size={20} />}
          </ThemeIcon>
          <Text>{stateText(t, work)}</Text>
        </Group>

        {work.state === 'done' && work.summary ? (
          <Stack gap={6}>
            <Title order={3} fz="h4">
              {t('assistantWork.summary')}
            </Title>
            <Text className={classes.assistantSummary}>{work.summary}</Text>
          </Stack>
        ) : null}

        {work.entries.length > 0 ? (
          <Stack gap="xs">
            <Title order={3} fz="h4">
              {t('assistantWork.history')}
            </Title>
            <ol className={classes.assistantEntries}>
              {work.entries.map((entry) => (
                <li key={entry.id} className={classes.assistantEntry}>
                  <EntryItem entry={entry} />
                </li>
              ))}
            </ol>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

type ClientsT = ReturnType<typeof useTranslation<'clients'>>['t'];

function stateText(t: ClientsT, work: CaseAssistantWork): string {
  switch (work.state) {
    case 'waiting':
      return t('assistantWork.waiting', { date: formatInstantDate(work.handedOverAt) });
    case 'in-progress':
      return work.assistantName
        ? t('assistantWork.inProgress', { name: firstName(work.assistantName) })
        : t('assistantWork.inProgressUnnamed');
    case 'done':
      return work.closedAt
        ? t('assistantWork.done', { date: formatInstantDate(work.closedAt) })
        : t('assistantWork.doneUndated');
  }
}

function EntryItem({ entry }: { entry: Entry }) {
  const { t } = useTranslation('clients');
  const { locale } = useLocale();
  const EntryIcon = entryIcons[entry.kind];
  const { service } = entry;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color="gray" c="gray.8" size={32} radius="xl" aria-hidden>
        <EntryIcon size={18} />
      </ThemeIcon>
      <Stack gap={2} miw={0}>
        <Text fw={600}>
          {/* A case given to another assistant names them; the others take no name. */}
          {t(`assistantWork.entry.${entry.kind}`, { name: firstName(entry.assignedTo ?? '') })}
        </Text>
        {service ? (
          <Text>
            {service.providerName} –{' '}
            {entry.kind === 'request-sent' && entry.careRequestId ? (
              <Anchor
                component={Link}
                to={paths.dashboardRequest.getHref({ id: entry.careRequestId })}
                inherit
                underline="always"
              >
                {service.name}
              </Anchor>
            ) : (
              service.name
            )}
          </Text>
        ) : null}
        {entry.kind === 'call' && entry.outcome ? (
          <Text>
            {t('assistantWork.outcomeLabel', { outcome: t(`assistantWork.outcome.${entry.outcome}`) })}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('assistantWork.entryMeta', {
            date: formatDateTime(entry.at, locale),
            name: firstName(entry.by),
          })}
        </Text>
      </Stack>
    </Group>
  );
}
