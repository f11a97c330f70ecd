import { Button, Group, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import {
  type ProviderAssignment,
  ProviderAssignmentSchema,
  type ProviderCareRequest,
  type ProviderMembership,
} from '@opora/contracts';
import { IconUserCheck, IconUserMinus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useAssignProviderRequest } from '../../api/request-changes.ts';
import { useProviderTeam } from '../../api/team.ts';
import { DetailCard } from './request-overview.tsx';

type Values = { providerUserId: string; facilityId: string };

/** Administrators and coordinators assign to anyone; a worker only takes a request or gives up their own. */
function assignsAnyone(acting: ProviderMembership): boolean {
  return acting.roles.some((role) => role === 'providerAdmin' || role === 'providerCoordinator');
}

/** Whom the request is assigned to, in words. */
export function assigneeText(assignee: ProviderCareRequest['assignee'], nobody: string): string {
  return [assignee.colleague?.fullName, assignee.facility?.name].filter(Boolean).join(' · ') || nobody;
}

function AssignmentForm({
  providerId,
  request,
  colleagues,
  facilities,
  meProviderUserId,
}: {
  providerId: string;
  request: ProviderCareRequest;
  colleagues: { value: string; label: string }[];
  facilities: { value: string; label: string }[];
  meProviderUserId: string;
}) {
  const { t } = useTranslation('provider-request');
  const assign = useAssignProviderRequest(providerId, request.id);
  const colleagueId = request.assignee.colleague?.providerUserId ?? '';
  const facilityId = request.assignee.facility?.id ?? '';
  const { form, onSubmit, submitButton } = useContractForm({
    schema: ProviderAssignmentSchema,
    initialValues: { providerUserId: colleagueId, facilityId } satisfies Values,
    toInput: (values: Values): ProviderAssignment => ({
      providerUserId: values.providerUserId || null,
      facilityId: values.facilityId || null,
    }),
    submit: (body) => assign.mutateAsync(body),
    onSuccess: () => toast.success(t('assignment.saved')),
  });
  // A new assignment (saved here, by the quick buttons or read from a colleague) resets the pickers.
  useEffect(() => {
    form.setValues({ providerUserId: colleagueId, facilityId });
    form.resetDirty({ providerUserId: colleagueId, facilityId });
  }, [colleagueId, facilityId]);
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        <NativeSelect
          label={t('assignment.colleague')}
          data={[
            { value: '', label: t('assignment.none') },
            ...colleagues.map((colleague) =>
              colleague.value === meProviderUserId
                ? { ...colleague, label: t('assignment.me', { name: colleague.label }) }
                : colleague,
            ),
          ]}
          key={form.key('providerUserId')}
          {...form.getInputProps('providerUserId')}
        />
        <NativeSelect
          label={t('assignment.facility')}
          data={[{ value: '', label: t('assignment.noTeam') }, ...facilities]}
          key={form.key('facilityId')}
          {...form.getInputProps('facilityId')}
        />
        <Group gap="xs">
          <AsyncButton type="submit" {...submitButton}>
            {t('assignment.save')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Assignment to a colleague or a facility team (SPEC §3): pickers for those who assign to anyone,
 * "take it" and "give it up" for everyone within what the API lets them do. Each change lands in
 * the history, which the answer brings along.
 */
export function RequestAssignment({
  acting,
  request,
}: {
  acting: ProviderMembership;
  request: ProviderCareRequest;
}) {
  const { t } = useTranslation(['provider-request', 'errors']);
  const team = useProviderTeam(acting.providerId);
  const assign = useAssignProviderRequest(acting.providerId, request.id);
  const anyone = assignsAnyone(acting);
  const me = team.data?.meProviderUserId;
  const mine = me !== undefined && request.assignee.colleague?.providerUserId === me;
  const assigned = request.assignee.colleague !== null || request.assignee.facility !== null;

  const quick = async (body: ProviderAssignment) => {
    try {
      await assign.mutateAsync(body);
      toast.success(t('assignment.saved'));
    } catch (error) {
      toast.error(error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown'));
    }
  };
  const facilityId = request.assignee.facility?.id ?? null;

  return (
    <DetailCard id="assignment-title" title={t('assignment.title')}>
      <Text>
        <Text span fw={600}>
          {t('assignment.current')}:
        </Text>{' '}
        {assigneeText(request.assignee, t('assignment.nobody'))}
      </Text>
      {team.isError ? (
        <Group gap="xs">
          <Text c="red.8" size="sm">
            {t('assignment.loadError')}
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => void team.refetch()}>
            {t('assignment.retry')}
          </Button>
        </Group>
      ) : !team.data || me === undefined ? (
        <Skeleton height={36} />
      ) : (
        <Stack gap="sm">
          <Group gap="xs">
            {!mine ? (
              <Button
                variant="light"
                leftSection={<IconUserCheck size={18} aria-hidden />}
                loading={assign.isPending}
                onClick={() => void quick({ providerUserId: me, facilityId })}
              >
                {t('assignment.assignToMe')}
              </Button>
            ) : null}
            {(anyone && assigned) || mine ? (
              <Button
                variant="default"
                leftSection={<IconUserMinus size={18} aria-hidden />}
                loading={assign.isPending}
                onClick={() => void quick({ providerUserId: null, facilityId: anyone ? null : facilityId })}
              >
                {t('assignment.unassign')}
              </Button>
            ) : null}
          </Group>
          {anyone ? (
            <AssignmentForm
              providerId={acting.providerId}
              request={request}
              meProviderUserId={me}
              colleagues={team.data.colleagues.map((colleague) => ({
                value: colleague.providerUserId,
                label: colleague.fullName || colleague.email,
              }))}
              facilities={team.data.facilities.map((facility) => ({
                value: facility.id,
                label: facility.name,
              }))}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('assignment.workerHint')}
            </Text>
          )}
        </Stack>
      )}
    </DetailCard>
  );
}
