import { Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { CarerSearchItem } from '@opora/contracts';
import { IconSearch, IconUserSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { useWideFrom } from '@/lib/use-wide-from.ts';
import { formatInstantDate } from '@/shared-features/requests/dates.ts';
import { carerSearchMinLength, useCarerSearch } from '../api/search-carers.ts';
import classes from './subscriptions.module.css';

/** The e-mail's start as the address keeps it (`?email=`), trimmed and no longer than an address. */
function emailOf(search: URLSearchParams): string {
  return (search.get('email') ?? '').trim().slice(0, 254);
}

/**
 * `/admin/subscriptions` (issue 25 §4, decision 0129): people found by the start of their e-mail (at
 * least 3 characters, never everyone), 20 at a time, each leading to their subscriptions.
 */
export function CarerSearchPage() {
  const { t } = useTranslation(['admin-subscriptions', 'common']);
  const [search, setSearch] = useSearchParams();
  const email = emailOf(search);
  const searching = email.length >= carerSearchMinLength;
  const results = useCarerSearch(email);
  const carers = results.data?.pages.flatMap((page) => page.items) ?? [];

  let body: React.ReactNode = null;
  if (!searching) body = null;
  else if (results.isError && !results.data) {
    body = (
      <LoadError
        title={t('search.error.title')}
        text={t('search.error.text')}
        retryLabel={t('search.error.retry')}
        retrying={results.isFetching}
        onRetry={() => void results.refetch()}
      />
    );
  } else if (!results.data) {
    body = (
      <LoadingState label={t('search.loading')}>
        <Skeleton height={200} radius="md" />
      </LoadingState>
    );
  } else if (carers.length === 0) {
    body = (
      <Paper withBorder radius="md" p="xl">
        <Stack gap="xs">
          <Title order={2} size="h3">
            {t('search.empty.title')}
          </Title>
          <Text>{t('search.empty.text', { email })}</Text>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="md" align="flex-start">
        <Carers items={carers} email={email} />
        {results.hasNextPage ? (
          <AsyncButton
            variant="default"
            busy={results.isFetchingNextPage}
            onClick={() => void results.fetchNextPage()}
          >
            {t('search.more')}
          </AsyncButton>
        ) : (
          <Text c="dark.6">{t('search.end')}</Text>
        )}
        {results.isFetchNextPageError ? (
          <Text c="red.9" role="alert">
            {t('search.moreError')}
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('common:routes.adminSubscriptions.title')}</Title>
        <Text size="lg">{t('search.intro')}</Text>
      </Stack>
      <SearchForm
        email={email}
        onSearch={(next) => setSearch(next ? { email: next } : {}, { replace: true })}
      />
      {body}
    </Stack>
  );
}

/** The e-mail's start, sent when submitted (Enter or the button); shorter than the search takes, it says so. */
function SearchForm({ email, onSearch }: { email: string; onSearch: (email: string) => void }) {
  const { t } = useTranslation(['admin-subscriptions', 'validation']);
  const [text, setText] = useState(email);
  const [shown, setShown] = useState(email);
  const [tooShort, setTooShort] = useState(false);
  // The address changed otherwise (back, forward): the field follows it.
  if (email !== shown) {
    setShown(email);
    setText(email);
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = text.trim();
    const short = next.length < carerSearchMinLength;
    setTooShort(short);
    if (short) {
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    onSearch(next);
  };
  return (
    <form aria-label={t('search.label')} noValidate onSubmit={submit}>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TextInput
          type="search"
          label={t('search.field')}
          description={t('search.hint', { count: carerSearchMinLength })}
          error={tooShort ? t('validation:minLength', { count: carerSearchMinLength }) : undefined}
          value={text}
          maxLength={254}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (tooShort && event.currentTarget.value.trim().length >= carerSearchMinLength)
              setTooShort(false);
          }}
          style={{ flex: '1 1 18rem' }}
        />
        <Button type="submit" mt={{ base: 0, xs: 46 }} leftSection={<IconSearch size={18} aria-hidden />}>
          {t('search.submit')}
        </Button>
      </Group>
    </form>
  );
}

function Carers({ items, email }: { items: readonly CarerSearchItem[]; email: string }) {
  const { t } = useTranslation('admin-subscriptions');
  const wide = useWideFrom('sm');
  const caption = t('search.caption', { email });
  const nameOf = (item: CarerSearchItem) => (
    <Anchor
      component={Link}
      to={paths.adminSubscription.getHref({ userId: item.userId })}
      fw={600}
      className={classes.wrap}
    >
      {item.name || item.email}
    </Anchor>
  );

  if (wide) {
    return (
      <Table striped w="100%">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('search.name')}</Table.Th>
            <Table.Th scope="col">{t('search.email')}</Table.Th>
            <Table.Th scope="col">{t('search.registeredAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.userId}>
              <Table.Th scope="row">{nameOf(item)}</Table.Th>
              <Table.Td className={classes.wrap}>{item.email}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstantDate(item.registeredAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Stack component="ul" gap="sm" m={0} p={0} w="100%" aria-label={caption} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Paper component="li" key={item.userId} withBorder radius="md" p="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconUserSearch size={22} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
            <Stack gap={2}>
              <Text size="lg">{nameOf(item)}</Text>
              <Text size="sm" className={classes.wrap}>
                {item.email}
              </Text>
              <Text size="sm" c="dark.6">
                {t('search.registeredOn', { date: formatInstantDate(item.registeredAt) })}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
