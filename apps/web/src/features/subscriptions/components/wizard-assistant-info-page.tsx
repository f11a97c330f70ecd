import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  type AssistantContactChannel,
  type AssistantTask,
  AssistantTaskInputSchema,
  formatPhone,
} from '@opora/contracts';
import type { Icon } from '@tabler/icons-react';
import {
  IconCalendarTime,
  IconCircleCheck,
  IconInfoCircle,
  IconLayoutDashboard,
  IconMessageCircle,
  IconPencil,
  IconSend,
  IconUserHeart,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { WarningAlert } from '@/components/ui/warning-alert.tsx';
import { wrappingButton } from '@/components/ui/wrapping-button.ts';
import { paths } from '@/config/paths.ts';
import {
  isWizardStep,
  serviceOfferStepOf,
  wizardOf,
  wizardStepHref,
  wizardSteps,
} from '@/config/wizard-steps.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useRouteHandle } from '@/lib/route-handle.ts';
import { type SessionUser, useSessionUser } from '@/lib/session.ts';
import { useWizardCase } from '@/shared-features/wizard/wizard-case.ts';
import { useSaveAssistantTask } from '../api/save-assistant-task.ts';

type AssistantValues = {
  contactChannel: AssistantContactChannel | '';
  preferredTime: string;
  note: string;
  assistantConsent: boolean;
};

/**
 * `/new-client-wizard/assistant-info/:caseId` and `/new-case-wizard/assistant-info/:caseId` (SPEC §2,
 * §4): with the with-assistant plan, who will contact the user (an Opora assistant), when (within one
 * working day) and how (phone or e-mail, as they choose); the form hands the case to the assistants
 * (`saveAssistantTask`), then a confirmation with the way to the dashboard.
 */
export function WizardAssistantInfoPage() {
  const { t } = useTranslation('subscriptions');
  const user = useSessionUser();
  const { caseId, data: wizardCase } = useWizardCase();
  const routeName = useRouteHandle()?.name;
  const kind = isWizardStep(routeName) ? wizardOf(routeName) : 'newClient';
  // The anonymous new-client flow's chosen service (in its paths).
  const { serviceId } = useParams();
  // The task as last saved; the confirmation shows it until the person changes it again.
  const [task, setTask] = useState<AssistantTask | null>(null);
  const [editing, setEditing] = useState(false);
  const saved = editing ? null : task;
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (saved) headingRef.current?.focus();
  }, [saved]);

  if (!user) return null;
  const servicesHref = caseId
    ? wizardStepHref(wizardSteps[kind][wizardSteps[kind].length - 1]!, { caseId, serviceId })
    : null;
  const offerHref = caseId ? wizardStepHref(serviceOfferStepOf(kind), { caseId, serviceId }) : null;

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1}>{t('assistant.title')}</Title>
        <Text c="dimmed" size="lg">
          {t('assistant.intro')}
        </Text>
      </Stack>

      <SimpleGrid
        cols={{ base: 1, sm: 3 }}
        spacing="md"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        <Fact icon={IconUserHeart} title={t('assistant.whoTitle')} text={t('assistant.whoText')} />
        <Fact icon={IconCalendarTime} title={t('assistant.whenTitle')} text={t('assistant.whenText')} />
        <Fact icon={IconMessageCircle} title={t('assistant.howTitle')} text={t('assistant.howText')} />
      </SimpleGrid>

      {user.subscription?.type !== 'with-assistant' ? (
        <WarningAlert
          role="note"
          icon={<IconInfoCircle aria-hidden />}
          title={t('assistant.notIncluded.title')}
        >
          <Stack gap="sm" align="flex-start">
            <Text>
              {user.subscription ? t('assistant.notIncluded.text') : t('assistant.notIncluded.none')}
            </Text>
            {user.subscription && servicesHref ? (
              <Button component={Link} to={servicesHref} {...wrappingButton}>
                {t('assistant.notIncluded.services')}
              </Button>
            ) : !user.subscription && offerHref ? (
              <Button component={Link} to={offerHref} {...wrappingButton}>
                {t('assistant.notIncluded.choose')}
              </Button>
            ) : null}
          </Stack>
        </WarningAlert>
      ) : !caseId || !wizardCase ? (
        <Skeleton height={320} radius="md" />
      ) : saved ? (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section">
          <Stack gap="md" align="flex-start">
            <Group gap="sm" wrap="nowrap">
              <IconCircleCheck size={32} aria-hidden color="var(--mantine-color-opora-7)" />
              <Title order={2} fz="h3" ref={headingRef} tabIndex={-1}>
                {t('assistant.done.title')}
              </Title>
            </Group>
            <Text size="lg">{doneText(t, saved.contactChannel, user)}</Text>
            <Text>{t('assistant.done.reference', { code: saved.caseCode })}</Text>
            <Group>
              <Button
                component={Link}
                to={paths.dashboard.getHref()}
                {...wrappingButton}
                leftSection={<IconLayoutDashboard size={20} aria-hidden />}
              >
                {t('assistant.done.dashboard')}
              </Button>
              <Button
                variant="default"
                {...wrappingButton}
                leftSection={<IconPencil size={20} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                {t('assistant.done.edit')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <AssistantForm
          caseId={caseId}
          user={user}
          initial={task}
          onSaved={(next) => {
            setTask(next);
            setEditing(false);
          }}
        />
      )}
    </Stack>
  );
}

type SubscriptionsT = ReturnType<typeof useTranslation<'subscriptions'>>['t'];

function doneText(t: SubscriptionsT, channel: AssistantContactChannel, user: SessionUser): string {
  if (channel === 'email') return t('assistant.done.email', { email: user.email });
  return user.phone
    ? t('assistant.done.phone', { phone: formatPhone(user.phone) })
    : t('assistant.done.phoneNone');
}

function Fact({ icon: FactIcon, title, text }: { icon: Icon; title: string; text: string }) {
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
            <FactIcon size={20} />
          </ThemeIcon>
          <Text fw={700}>{title}</Text>
        </Group>
        <Text>{text}</Text>
      </Stack>
    </Paper>
  );
}

/** The contact page beside the form, so what was typed stays. */
function NewTabLink({ to, children }: { to: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Anchor href={to} target="_blank" rel="noopener" inherit underline="always">
      {children}
      <span className="visually-hidden"> ({t('footer.opensInNewTab')})</span>
    </Anchor>
  );
}

function AssistantForm({
  caseId,
  user,
  initial,
  onSaved,
}: {
  caseId: string;
  user: SessionUser;
  initial: AssistantTask | null;
  onSaved: (task: AssistantTask) => void;
}) {
  const { t } = useTranslation(['subscriptions', 'validation', 'errors']);
  const save = useSaveAssistantTask(caseId);
  const titleId = useId();
  const { form, onSubmit, submitButton } = useContractForm({
    schema: AssistantTaskInputSchema,
    mode: 'controlled',
    initialValues: {
      contactChannel: initial?.contactChannel ?? (user.phone ? 'phone' : 'email'),
      preferredTime: initial?.preferredTime ?? '',
      note: initial?.note ?? '',
      // A task saved on this page was handed over with the consent; changing it keeps it.
      assistantConsent: initial !== null,
    } satisfies AssistantValues as AssistantValues,
    submit: (body) => save.mutateAsync(body),
    onSuccess: (task) => {
      toast.success(t('assistant.saved'));
      onSaved(task);
    },
  });
  const channel = form.getValues().contactChannel;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={titleId}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <Title order={2} fz="h3" id={titleId}>
            {t('assistant.formTitle')}
          </Title>
          <Radio.Group
            size="md"
            label={t('assistant.channel')}
            withAsterisk
            {...form.getInputProps('contactChannel')}
          >
            <Stack gap="sm" mt="xs">
              <Radio
                size="md"
                value="phone"
                label={
                  user.phone
                    ? t('assistant.channelPhone', { phone: formatPhone(user.phone) })
                    : t('assistant.channelPhoneNone')
                }
              />
              <Radio size="md" value="email" label={t('assistant.channelEmail', { email: user.email })} />
            </Stack>
          </Radio.Group>
          {channel === 'phone' && !user.phone ? (
            <WarningAlert role="note" icon={<IconInfoCircle aria-hidden />}>
              <Stack gap={4} align="flex-start">
                <Text>{t('assistant.noPhone')}</Text>
                <Anchor component={Link} to={paths.userProfile.getHref()}>
                  {t('assistant.profileLink')}
                </Anchor>
              </Stack>
            </WarningAlert>
          ) : null}
          <TextInput
            label={t('assistant.preferredTime')}
            description={t('assistant.preferredTimeHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            maxLength={200}
            {...form.getInputProps('preferredTime')}
          />
          <Textarea
            size="md"
            label={t('assistant.note')}
            description={t('assistant.noteHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autosize
            minRows={4}
            maxRows={12}
            maxLength={2000}
            {...form.getInputProps('note')}
          />
          <Checkbox
            size="md"
            label={t('assistant.consent')}
            description={
              <Trans
                t={t}
                i18nKey="assistant.consentHint"
                components={{ contact: <NewTabLink to={paths.contact.getHref()} /> }}
              />
            }
            {...form.getInputProps('assistantConsent', { type: 'checkbox' })}
            // Mantine marks a refused checkbox with `data-error` only; the form focuses `aria-invalid`.
            aria-invalid={Boolean(form.errors.assistantConsent)}
          />
          <Group>
            <AsyncButton
              type="submit"
              size="lg"
              {...submitButton}
              leftSection={<IconSend size={20} aria-hidden />}
            >
              {t('assistant.submit')}
            </AsyncButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
