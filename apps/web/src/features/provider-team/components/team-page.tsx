import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  fullName,
  type Locale,
  locales,
  type ProviderInvitationCreate,
  ProviderInvitationCreateSchema,
  type ProviderRole,
  type ProviderTeamMember,
  type ProviderTeamMemberList,
  type ProviderTeamMemberUpdate,
  ProviderTeamMemberUpdateSchema,
  providerRoles,
} from '@opora/contracts';
import { IconMailForward, IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeName } from '@/components/header/locale-options.ts';
import { confirm } from '@/components/overlays/confirm.tsx';
import { DetailDialog } from '@/components/overlays/detail-dialog.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { Field, FieldList } from '@/components/ui/field-list.tsx';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { useWideFrom } from '@/lib/use-wide-from.ts';
import { ProviderArea, useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';
import {
  inviteProviderUser,
  removeTeamMember,
  resendInvitation,
  updateTeamMember,
  useProviderTeamMembers,
  useRefreshTeam,
} from '../api/provider-team.ts';

/** `/provider/users` (issue 24 §1): the administrators' overview of the team and its invitations. */
export function TeamPage() {
  return (
    <ProviderArea section="team">
      <Team />
    </ProviderArea>
  );
}

type Facility = ProviderTeamMemberList['facilities'][number];

function Team() {
  const { t } = useTranslation(['provider-team', 'common']);
  const acting = useActingProvider();
  const administrator = acting.roles.includes('providerAdmin');
  const team = useProviderTeamMembers(administrator ? acting.providerId : null);
  const [inviting, setInviting] = useState(false);
  if (!administrator) {
    return (
      <Stack gap="lg">
        <Title order={1}>{t('common:routes.providerTeam.title')}</Title>
        <Text size="lg">{t('notAdministrator')}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('common:routes.providerTeam.title')}</Title>
        <Text size="lg">{t('intro')}</Text>
      </Stack>
      <div>
        <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setInviting(true)}>
          {t('invite.open')}
        </Button>
      </div>
      {team.isError ? (
        <LoadError
          title={t('error.title')}
          text={t('error.text')}
          retryLabel={t('error.retry')}
          retrying={team.isFetching}
          onRetry={() => void team.refetch()}
        />
      ) : team.data ? (
        <MembersTable providerId={acting.providerId} team={team.data} />
      ) : (
        <LoadingState label={t('loading')}>
          <Skeleton height={240} radius="md" />
        </LoadingState>
      )}
      <DetailDialog opened={inviting} onClose={() => setInviting(false)} title={t('invite.title')} size="lg">
        {inviting && team.data ? (
          <InviteForm
            providerId={acting.providerId}
            facilities={team.data.facilities}
            onDone={() => setInviting(false)}
          />
        ) : null}
      </DetailDialog>
    </Stack>
  );
}

function displayName(member: ProviderTeamMember): string {
  return fullName(member) || member.email;
}

function formatDate(value: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Europe/Prague' }).format(
    new Date(value),
  );
}

function formatDateTime(value: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Prague',
  }).format(new Date(value));
}

function MemberState({ member }: { member: ProviderTeamMember }) {
  const { t } = useTranslation('provider-team');
  const { locale } = useLocale();
  if (member.registered) {
    return <Text fw={600}>{t('state.registered')}</Text>;
  }
  return (
    <Stack gap={2}>
      {member.inviteExpired ? (
        <Text fw={600}>{t('state.expired')}</Text>
      ) : (
        <Text fw={600}>
          {t('state.pending', {
            date: member.inviteExpiresAt ? formatDate(member.inviteExpiresAt, locale) : '',
          })}
        </Text>
      )}
      {member.invitedAt ? (
        <Text size="sm" c="dimmed">
          {t('table.invitedOn', { date: formatDate(member.invitedAt, locale) })}
        </Text>
      ) : null}
    </Stack>
  );
}

function MembersTable({ providerId, team }: { providerId: string; team: ProviderTeamMemberList }) {
  const { t } = useTranslation(['provider-team', 'enums', 'errors']);
  const { locale } = useLocale();
  const refresh = useRefreshTeam();
  const wide = useWideFrom('md');
  const [editing, setEditing] = useState<ProviderTeamMember | null>(null);

  const failed = (error: unknown) =>
    toast.error(error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown'));

  const remove = async (member: ProviderTeamMember) => {
    const name = displayName(member);
    const texts = member.registered
      ? {
          title: t('remove.title'),
          message: t('remove.message', { name }),
          confirmLabel: t('remove.confirm'),
        }
      : {
          title: t('revoke.title'),
          message: t('revoke.message', { email: member.email }),
          confirmLabel: t('revoke.confirm'),
        };
    if (!(await confirm({ ...texts, danger: true }))) return;
    try {
      await removeTeamMember(providerId, member.providerUserId);
      toast.success(
        member.registered ? t('remove.done', { name }) : t('revoke.done', { email: member.email }),
      );
    } catch (error) {
      failed(error);
    }
    await refresh();
  };

  const resend = async (member: ProviderTeamMember) => {
    try {
      await resendInvitation(providerId, member.providerUserId);
      toast.success(t('resend.done', { email: member.email }));
    } catch (error) {
      failed(error);
    }
    await refresh();
  };

  /** What the table's cells and a phone's card show of a member, once. */
  const partsOf = (member: ProviderTeamMember) => {
    const name = displayName(member);
    const me = member.providerUserId === team.meProviderUserId;
    return {
      person: (
        <>
          <Text fw={600} component="span">
            {member.registered ? name : member.email}
          </Text>{' '}
          {me ? <Text component="span">{t('table.you')}</Text> : null}
          {member.registered ? (
            <Text size="sm" c="dimmed">
              {member.email}
            </Text>
          ) : null}
        </>
      ),
      roles: member.roles.map((role) => t(`enums:providerRole.${role}`)).join(', '),
      facilities:
        member.facilities.length > 0
          ? member.facilities.map((facility) => facility.name).join(', ')
          : member.roles.some((role) => role !== 'providerUser')
            ? t('table.wholeProvider')
            : t('table.none'),
      state: <MemberState member={member} />,
      lastSignIn: member.lastSignInAt ? formatDateTime(member.lastSignInAt, locale) : t('table.never'),
      actions: (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            aria-label={t('edit.label', { name })}
            onClick={() => setEditing(member)}
          >
            {t('edit.action')}
          </Button>
          {member.registered ? null : (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconMailForward size={16} aria-hidden />}
              aria-label={t('resend.label', { email: member.email })}
              onClick={() => void resend(member)}
            >
              {t('resend.action')}
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            color="red.9"
            leftSection={<IconTrash size={16} aria-hidden />}
            aria-label={
              member.registered ? t('remove.label', { name }) : t('revoke.label', { email: member.email })
            }
            onClick={() => void remove(member)}
          >
            {member.registered ? t('remove.action') : t('revoke.action')}
          </Button>
        </Group>
      ),
    };
  };

  return (
    <>
      {/* The table from the theme's md up; a card per person below it, where six columns would scroll. */}
      {wide ? (
        <Table striped>
          <Table.Caption>{t('table.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('table.person')}</Table.Th>
              <Table.Th scope="col">{t('table.roles')}</Table.Th>
              <Table.Th scope="col">{t('table.facilities')}</Table.Th>
              <Table.Th scope="col">{t('table.state')}</Table.Th>
              <Table.Th scope="col">{t('table.lastSignIn')}</Table.Th>
              <Table.Th scope="col">{t('table.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {team.items.map((member) => {
              const parts = partsOf(member);
              return (
                <Table.Tr key={member.providerUserId}>
                  <Table.Th scope="row">{parts.person}</Table.Th>
                  <Table.Td>{parts.roles}</Table.Td>
                  <Table.Td>{parts.facilities}</Table.Td>
                  <Table.Td>{parts.state}</Table.Td>
                  <Table.Td>{parts.lastSignIn}</Table.Td>
                  <Table.Td>{parts.actions}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          aria-label={t('table.caption')}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {team.items.map((member) => {
            const parts = partsOf(member);
            return (
              <Paper component="li" key={member.providerUserId} withBorder radius="md" p="md">
                <Stack gap="xs">
                  <div>{parts.person}</div>
                  <FieldList>
                    <Field label={t('table.roles')}>{parts.roles}</Field>
                    <Field label={t('table.facilities')}>{parts.facilities}</Field>
                    <Field label={t('table.state')}>{parts.state}</Field>
                    <Field label={t('table.lastSignIn')}>{parts.lastSignIn}</Field>
                  </FieldList>
                  {parts.actions}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
      <DetailDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t('edit.title', { name: displayName(editing) }) : ''}
        size="lg"
      >
        {editing ? (
          <MemberForm
            key={editing.providerUserId}
            providerId={providerId}
            member={editing}
            facilities={team.facilities}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </DetailDialog>
    </>
  );
}

/** Roles and facilities: one checkbox each (the facilities matter for workers). */
function RoleAndFacilityFields({
  roles,
  facilityIds,
  facilities,
  rolesError,
  facilitiesError,
  onRoles,
  onFacilities,
}: {
  roles: ProviderRole[];
  facilityIds: string[];
  facilities: readonly Facility[];
  rolesError?: React.ReactNode;
  facilitiesError?: React.ReactNode;
  onRoles: (roles: ProviderRole[]) => void;
  onFacilities: (ids: string[]) => void;
}) {
  const { t } = useTranslation(['provider-team', 'enums']);
  return (
    <>
      <Checkbox.Group
        label={t('invite.roles')}
        withAsterisk
        value={roles}
        onChange={(value) => onRoles(value as ProviderRole[])}
        error={rolesError}
      >
        <Stack gap="xs" mt="xs">
          {providerRoles.map((role) => (
            <Checkbox key={role} value={role} label={t(`enums:providerRole.${role}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
      {facilities.length > 0 ? (
        <Checkbox.Group
          label={t('invite.facilities')}
          description={t('invite.facilitiesHint')}
          value={facilityIds}
          onChange={onFacilities}
          error={facilitiesError}
        >
          <Stack gap="xs" mt="xs">
            {facilities.map((facility) => (
              <Checkbox key={facility.id} value={facility.id} label={facility.name} />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : null}
    </>
  );
}

type InviteValues = { email: string; roles: ProviderRole[]; facilityIds: string[]; locale: Locale };

function InviteForm({
  providerId,
  facilities,
  onDone,
}: {
  providerId: string;
  facilities: readonly Facility[];
  onDone: () => void;
}) {
  const { t } = useTranslation('provider-team');
  const { locale } = useLocale();
  const refresh = useRefreshTeam();
  const { form, onSubmit, submitButton } = useContractForm<
    InviteValues,
    ProviderInvitationCreate,
    ProviderTeamMember
  >({
    schema: ProviderInvitationCreateSchema,
    mode: 'controlled',
    initialValues: { email: '', roles: ['providerUser'], facilityIds: [], locale },
    submit: (body) => inviteProviderUser(providerId, body),
    leavesOnSuccess: true,
    onSuccess: async (member) => {
      toast.success(t('invite.sent', { email: member.email }));
      await refresh();
      onDone();
    },
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <TextInput
          label={t('invite.email')}
          type="email"
          autoComplete="off"
          withAsterisk
          data-autofocus
          {...form.getInputProps('email')}
        />
        <RoleAndFacilityFields
          roles={form.values.roles}
          facilityIds={form.values.facilityIds}
          facilities={facilities}
          rolesError={form.errors.roles}
          facilitiesError={form.errors.facilityIds}
          onRoles={(roles) => form.setFieldValue('roles', roles)}
          onFacilities={(ids) => form.setFieldValue('facilityIds', ids)}
        />
        <NativeSelect
          label={t('invite.locale')}
          data={locales.map((value) => ({ value, label: localeName(value) }))}
          {...form.getInputProps('locale')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('invite.cancel')}
          </Button>
          <AsyncButton type="submit" {...submitButton}>
            {t('invite.submit')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}

function MemberForm({
  providerId,
  member,
  facilities,
  onDone,
}: {
  providerId: string;
  member: ProviderTeamMember;
  facilities: readonly Facility[];
  onDone: () => void;
}) {
  const { t } = useTranslation('provider-team');
  const refresh = useRefreshTeam();
  const { form, onSubmit, submitButton } = useContractForm<
    ProviderTeamMemberUpdate,
    ProviderTeamMemberUpdate,
    ProviderTeamMember
  >({
    schema: ProviderTeamMemberUpdateSchema,
    mode: 'controlled',
    initialValues: {
      roles: member.roles,
      facilityIds: member.facilities.map((facility) => facility.id),
    },
    submit: (body) => updateTeamMember(providerId, member.providerUserId, body),
    leavesOnSuccess: true,
    onSuccess: async () => {
      toast.success(t('edit.saved'));
      await refresh();
      onDone();
    },
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <RoleAndFacilityFields
          roles={form.values.roles}
          facilityIds={form.values.facilityIds}
          facilities={facilities}
          rolesError={form.errors.roles}
          facilitiesError={form.errors.facilityIds}
          onRoles={(roles) => form.setFieldValue('roles', roles)}
          onFacilities={(ids) => form.setFieldValue('facilityIds', ids)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('edit.cancel')}
          </Button>
          <AsyncButton type="submit" {...submitButton}>
            {t('edit.submit')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}
