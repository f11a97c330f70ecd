import { Alert, Button, Menu, Stack, Table, Text, Title } from '@mantine/core';
import {
  type ProviderExport,
  type ProviderExportFormat,
  type ProviderExportJob,
  providerExportDirectRowLimit,
} from '@opora/contracts';
import { IconChevronDown, IconClockHour4, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/overlays/toast.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { formatDateTime } from '@/shared-features/requests/dates.ts';
import { useCreateExportJob, useExportJobs } from '../../api/export-jobs.ts';
import { downloadProviderExport, exportProviderRequests } from '../../api/files.ts';
import { activeFilterCount, filterOf, type GridQuery } from '../../utils/grid-search.ts';
import { type Selection, selectedIds } from '../../utils/selection.ts';
import classes from '../provider-inbox.module.css';

const fallbackName = (format: ProviderExportFormat) => `opora-requests.${format}`;

/**
 * Export of the selection, or of every record matching the filters when nothing is ticked, as CSV or
 * XLSX. Up to the direct limit the file streams straight down; larger ones (or one the server finds
 * too large) are made in the background and listed under "My exports".
 */
export function ExportMenu({
  providerId,
  query,
  selection,
  total,
  totalExact,
}: {
  providerId: string;
  query: GridQuery;
  selection: Selection;
  /** How many match the filters, counted up to a limit (`totalExact` false beyond it). */
  total: number;
  totalExact: boolean;
}) {
  const { t } = useTranslation(['provider', 'errors', 'common']);
  const { locale } = useLocale();
  const numbers = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const createJob = useCreateExportJob(providerId);
  const [downloading, setDownloading] = useState<ProviderExportFormat | null>(null);
  const [jobStarted, setJobStarted] = useState(false);
  const ids = selectedIds(selection);
  const byIds = ids !== null && ids.length > 0;
  const rowCount = byIds ? ids.length : total;

  const fail = (error: unknown) =>
    toast.error(error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown'), {
      title: t('export.failed'),
    });

  const inBackground = async (body: ProviderExport) => {
    try {
      await createJob.mutateAsync(body);
      setJobStarted(true);
    } catch (error) {
      fail(error);
    }
  };

  const run = async (format: ProviderExportFormat) => {
    const body: ProviderExport = {
      format,
      locale,
      selection: byIds ? { mode: 'ids', ids: [...ids] } : { mode: 'filter', filter: filterOf(query) },
    };
    if (rowCount > providerExportDirectRowLimit) return inBackground(body);
    setDownloading(format);
    try {
      await exportProviderRequests(providerId, body, fallbackName(format));
    } catch (error) {
      // Records added since the count was read can tip it over the limit: then it is a job.
      if (error instanceof ApiError && error.code === 'ExportTooLarge') await inBackground(body);
      else fail(error);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Stack gap="sm">
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <Button
            classNames={{ root: classes.exportButton, label: classes.exportLabel }}
            leftSection={<IconDownload size={18} aria-hidden />}
            rightSection={<IconChevronDown size={16} aria-hidden />}
            loading={downloading !== null || createJob.isPending}
            disabled={rowCount === 0}
          >
            {byIds || selection.kind === 'matching'
              ? t('export.buttonSelected')
              : activeFilterCount(query) === 0
                ? t('export.buttonAll')
                : // "All" of a filtered grid is what it found: said with the count, or as the grid says
                  // a count it stopped at ("more than 1 000"; every match is exported).
                  totalExact
                  ? t('export.buttonMatching', { count: total, formatted: numbers.format(total) })
                  : t('export.buttonMatchingMoreThan', { total: numbers.format(total) })}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('export.menuLabel')}</Menu.Label>
          <Menu.Item
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            onClick={() => void run('xlsx')}
          >
            {t('export.xlsx')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            onClick={() => void run('csv')}
          >
            {t('export.csv')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {jobStarted ? (
        <Alert
          color="blue"
          variant="light"
          role="status"
          icon={<IconClockHour4 aria-hidden />}
          title={t('export.job.title')}
          withCloseButton
          closeButtonLabel={t('common:confirm.close')}
          onClose={() => setJobStarted(false)}
        >
          {t('export.job.text')}
        </Alert>
      ) : null}
    </Stack>
  );
}

function JobRow({ providerId, job }: { providerId: string; job: ProviderExportJob }) {
  const { t } = useTranslation(['provider', 'errors']);
  const { locale } = useLocale();
  const [busy, setBusy] = useState(false);
  const created = formatDateTime(job.createdDate, locale);
  return (
    <Table.Tr>
      <Table.Td>{created}</Table.Td>
      <Table.Td>{job.format.toUpperCase()}</Table.Td>
      <Table.Td>{job.rowCount ?? '–'}</Table.Td>
      <Table.Td>{t(`export.jobs.states.${job.state}`)}</Table.Td>
      <Table.Td>{job.expiresDate ? formatDateTime(job.expiresDate, locale) : '–'}</Table.Td>
      <Table.Td>
        {job.state === 'ready' ? (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={busy}
            aria-label={t('export.jobs.downloadFile', { date: created })}
            onClick={() => {
              setBusy(true);
              downloadProviderExport(providerId, job.id, fallbackName(job.format))
                .catch((error: unknown) =>
                  toast.error(
                    error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown'),
                  ),
                )
                .finally(() => setBusy(false));
            }}
          >
            {t('export.jobs.download')}
          </Button>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** "My exports": the person's background exports, looked at again while one is being made. */
export function ExportJobs({ providerId }: { providerId: string }) {
  const { t } = useTranslation('provider');
  const jobs = useExportJobs(providerId);
  if (jobs.isError) {
    return (
      <Text c="red.8" role="alert">
        {t('export.jobs.error')}
      </Text>
    );
  }
  const items = jobs.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="provider-exports-title">
      <Stack gap="xs">
        <Title order={2} size="h3" id="provider-exports-title">
          {t('export.jobs.title')}
        </Title>
        <Text c="dimmed">{t('export.jobs.intro')}</Text>
        <Table.ScrollContainer minWidth={640} type="native">
          <Table verticalSpacing="xs" bg="white">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('export.jobs.created')}</Table.Th>
                <Table.Th scope="col">{t('export.jobs.format')}</Table.Th>
                <Table.Th scope="col">{t('export.jobs.rows')}</Table.Th>
                <Table.Th scope="col">{t('export.jobs.state')}</Table.Th>
                <Table.Th scope="col">{t('export.jobs.expires')}</Table.Th>
                <Table.Th scope="col">
                  <span className="visually-hidden">{t('export.jobs.download')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((job) => (
                <JobRow key={job.id} providerId={providerId} job={job} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </section>
  );
}
