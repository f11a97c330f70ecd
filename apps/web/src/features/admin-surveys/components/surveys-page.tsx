import { Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { type SurveyDefinitionSummary, type SurveyType, surveyTypes } from '@opora/contracts';
import { IconChevronDown, IconChevronUp, IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { queryClient } from '@/lib/query-client.ts';
import { useWideFrom } from '@/lib/use-wide-from.ts';
import { formatInstantDate } from '@/shared-features/requests/dates.ts';
import { surveyDefinitionsQueryOptions, useSurveyDefinitions } from '../api/survey-definitions.ts';
import { platformDefinitions } from '../utils/codes.ts';
import classes from './admin-surveys.module.css';
import { NewSurveyDialog } from './new-survey-dialog.tsx';
import { SurveyStatusBadge } from './survey-badges.tsx';

/**
 * `/admin/surveys` (issue 25 §3): the platform's questionnaires by type — the extended case survey, the
 * case survey, the platform's service questionnaires — each version with its status, answers and
 * publication; providers' own forms apart, folded (they keep their own flow in the provider area).
 */
export function SurveysPage() {
  const { t } = useTranslation(['admin-surveys', 'common']);
  const list = useSurveyDefinitions();
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} maw="42rem">
          <Title order={1}>{t('common:routes.adminSurveys.title')}</Title>
          <Text size="lg">{t('list.intro')}</Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setCreating(true)}
          disabled={!list.data}
        >
          {t('list.new')}
        </Button>
      </Group>
      {list.isError ? (
        <LoadError
          title={t('list.error.title')}
          text={t('list.error.text')}
          retryLabel={t('list.error.retry')}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.data ? (
        <>
          {surveyTypes.map((type) => (
            <TypeGroup key={type} type={type} definitions={platformDefinitions(list.data, type)} />
          ))}
          <ProvidersForms definitions={list.data.filter((definition) => definition.providerId !== null)} />
          <NewSurveyDialog definitions={list.data} opened={creating} onClose={() => setCreating(false)} />
        </>
      ) : (
        <LoadingState label={t('list.loading')}>
          <Stack gap="lg">
            <Skeleton height={160} radius="md" />
            <Skeleton height={160} radius="md" />
          </Stack>
        </LoadingState>
      )}
    </Stack>
  );
}

function TypeGroup({ type, definitions }: { type: SurveyType; definitions: SurveyDefinitionSummary[] }) {
  const { t } = useTranslation('admin-surveys');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h3" id={headingId}>
            {t(`type.${type}.name`)}
          </Title>
          <Text c="dark.6">{t(`type.${type}.hint`)}</Text>
        </Stack>
        {definitions.length === 0 ? (
          <Paper withBorder radius="md" p="md">
            <Text>{t('list.noneOfType')}</Text>
          </Paper>
        ) : (
          <Definitions definitions={definitions} labelledBy={headingId} />
        )}
      </Stack>
    </section>
  );
}

/** Providers' own forms: listed for reading, folded — a provider's area is where they are made. */
function ProvidersForms({ definitions }: { definitions: SurveyDefinitionSummary[] }) {
  const { t } = useTranslation('admin-surveys');
  const headingId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h3" id={headingId}>
            {t('list.providers.title')}
          </Title>
          <Text c="dark.6">{t('list.providers.hint')}</Text>
        </Stack>
        {definitions.length === 0 ? (
          <Paper withBorder radius="md" p="md">
            <Text>{t('list.providers.none')}</Text>
          </Paper>
        ) : (
          <>
            <div>
              <Button
                variant="default"
                aria-expanded={open}
                aria-controls={listId}
                rightSection={
                  open ? <IconChevronUp size={18} aria-hidden /> : <IconChevronDown size={18} aria-hidden />
                }
                onClick={() => setOpen((previous) => !previous)}
              >
                {open ? t('list.providers.hide') : t('list.providers.show', { count: definitions.length })}
              </Button>
            </div>
            <div id={listId} hidden={!open}>
              {open ? <Definitions definitions={definitions} labelledBy={headingId} /> : null}
            </div>
          </>
        )}
      </Stack>
    </section>
  );
}

/** The versions of one group: a table on wide screens, cards on a phone. */
function Definitions({
  definitions,
  labelledBy,
}: {
  definitions: readonly SurveyDefinitionSummary[];
  labelledBy: string;
}) {
  const { t } = useTranslation('admin-surveys');
  const wide = useWideFrom('sm');
  const partsOf = (definition: SurveyDefinitionSummary) => ({
    code: (
      <Anchor
        component={Link}
        to={paths.adminSurvey.getHref({ surveyDefinitionId: definition.id })}
        fw={600}
        className={classes.code}
      >
        {definition.code}
      </Anchor>
    ),
    version: t('list.version', { version: definition.version }),
    status: <SurveyStatusBadge status={definition.status} />,
    answers: t('list.answers', { count: definition.answersCount }),
    published: definition.publishedAt ? formatInstantDate(definition.publishedAt) : t('list.notPublished'),
  });

  if (wide) {
    return (
      // One width per column in every group's table, so the groups line up.
      <Table striped layout="fixed" aria-labelledby={labelledBy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w="34%">
              {t('list.column.code')}
            </Table.Th>
            <Table.Th scope="col" w="14%">
              {t('list.column.version')}
            </Table.Th>
            <Table.Th scope="col" w="18%">
              {t('list.column.status')}
            </Table.Th>
            <Table.Th scope="col" w="16%">
              {t('list.column.answers')}
            </Table.Th>
            <Table.Th scope="col" w="18%">
              {t('list.column.published')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {definitions.map((definition) => {
            const parts = partsOf(definition);
            return (
              <Table.Tr key={definition.id}>
                <Table.Th scope="row">{parts.code}</Table.Th>
                <Table.Td>{parts.version}</Table.Td>
                <Table.Td>{parts.status}</Table.Td>
                <Table.Td>{parts.answers}</Table.Td>
                <Table.Td>{parts.published}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Stack component="ul" gap="sm" aria-labelledby={labelledBy} m={0} p={0} style={{ listStyle: 'none' }}>
      {definitions.map((definition) => {
        const parts = partsOf(definition);
        return (
          <Paper component="li" key={definition.id} withBorder radius="md" p="md">
            <Stack gap={6} align="flex-start">
              <Group gap="sm">
                <Text size="lg">{parts.code}</Text>
                {parts.status}
              </Group>
              <Text>
                {parts.version} · {parts.answers}
              </Text>
              <Text size="sm" c="dark.6">
                {t('list.column.published')}: {parts.published}
              </Text>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** The route's loader calls it (app/router.tsx): the list is read with the page's code. */
export function prefetch(_args: LoaderFunctionArgs): void {
  void queryClient.prefetchQuery(surveyDefinitionsQueryOptions());
}
