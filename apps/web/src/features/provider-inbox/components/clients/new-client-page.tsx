import { Anchor, Button, Checkbox, Group, List, Stack, Text, Title } from '@mantine/core';
import {
  formatDisplayDate,
  type PossibleDuplicate,
  type ProviderClientCreate,
  ProviderClientCreateSchema,
  type ProviderMembership,
} from '@opora/contracts';
import { IconAddressBook, IconArrowLeft, IconDeviceFloppy, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { WarningAlert } from '@/components/ui/warning-alert.tsx';
import { paths } from '@/config/paths.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import {
  ClientAddressSection,
  ClientContactSection,
  ClientIdentityFields,
  ClientPeopleSection,
  FormSection,
} from '@/shared-features/client-form/client-person-fields.tsx';
import {
  type ClientPersonValues,
  clientPersonProperties,
  emptyClientPerson,
  formFieldsOf,
  toClientPersonInput,
} from '@/shared-features/client-form/client-person-values.ts';
import { ProviderArea, useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';
import {
  createProviderClient,
  possibleDuplicates,
  useRefreshAfterEntry,
} from '../../api/provider-clients.ts';
import { gridReturnHref } from '../../utils/grid-search.ts';
import classes from '../detail/detail.module.css';
import {
  EntryRequestFields,
  type EntryRequestValues,
  emptyEntryRequest,
  entryRequestFields,
  toEntryRequestInput,
} from './entry-request-fields.tsx';

/**
 * `/provider/clients/new` (issue 24 §2): a client who phoned, walked in, wrote or was referred, entered
 * with the carer's client form (without who fills it in: the provider does), the client's consent to
 * the provider keeping their record, and a first request on one of the provider's services.
 */
export function NewClientPage() {
  return (
    <ProviderArea section="requests">
      <NewClient />
    </ProviderArea>
  );
}

type NewClientValues = ClientPersonValues & { clientConsent: boolean; request: EntryRequestValues };

const initialValues: NewClientValues = {
  ...emptyClientPerson,
  clientConsent: false,
  request: emptyEntryRequest,
};

const fields = {
  ...formFieldsOf([...clientPersonProperties, 'clientConsent']),
  ...entryRequestFields,
};

function NewClient() {
  const { t } = useTranslation(['provider-clients', 'common']);
  const acting = useActingProvider();
  const location = useLocation();
  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to={gridReturnHref(location.state)} fw={600} className={classes.back}>
        <IconArrowLeft size={18} aria-hidden />
        {t('back')}
      </Anchor>
      <Stack gap={4}>
        <Title order={1}>{t('common:routes.providerClientNew.title')}</Title>
        <Text size="lg">{t('new.intro')}</Text>
      </Stack>
      <NewClientForm acting={acting} />
    </Stack>
  );
}

function NewClientForm({ acting }: { acting: ProviderMembership }) {
  const { t } = useTranslation(['provider-clients', 'clients']);
  const navigate = useNavigate();
  const refresh = useRefreshAfterEntry();
  // "Save as a new person" after the people found were shown; any change of the form asks again.
  const allowDuplicate = useRef(false);
  const { form, onSubmit, submitButton, failure, submitting } = useContractForm({
    schema: ProviderClientCreateSchema,
    mode: 'controlled',
    initialValues,
    fields,
    toInput: (values: NewClientValues) => ({
      ...toClientPersonInput(values),
      birthNumber: values.birthNumber,
      clientConsent: values.clientConsent,
      request: toEntryRequestInput(values.request),
      allowDuplicate: allowDuplicate.current,
    }),
    submit: (body) => createProviderClient(acting.providerId, body as ProviderClientCreate),
    onValuesChange: () => {
      allowDuplicate.current = false;
    },
    // The people found are shown beside the button, not in a toast.
    onError: (error) => possibleDuplicates(error) !== null,
    onSuccess: async (created) => {
      await refresh();
      toast.success(t('new.saved'));
      await navigate(paths.providerClient.getHref({ clientId: created.clientId }));
    },
    leavesOnSuccess: true,
  });
  const candidates = possibleDuplicates(failure);
  const saveAsNew = () => {
    allowDuplicate.current = true;
    onSubmit();
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="lg">
        <FormSection title={t('clients:form.sections.person')}>
          <ClientIdentityFields form={form} birthNumberHint={t('form.birthNumberHint')} />
        </FormSection>
        <ClientContactSection form={form} intro={t('form.contactIntro')} />
        <ClientAddressSection form={form} serviceAddressHint={t('form.serviceAddressHint')} />
        <ClientPeopleSection form={form} contactPersonHint={t('form.contactPersonHint')} />
        <FormSection title={t('new.requestTitle')}>
          <Text c="dimmed">{t('new.requestIntro')}</Text>
          <EntryRequestFields form={form} acting={acting} />
        </FormSection>
        <FormSection title={t('new.consentTitle')}>
          <Checkbox
            size="md"
            label={t('new.consent')}
            description={t('new.consentHint')}
            {...form.getInputProps('clientConsent', { type: 'checkbox' })}
          />
        </FormSection>
        {candidates ? (
          <PossibleDuplicates candidates={candidates} busy={submitting} onSaveAsNew={saveAsNew} />
        ) : null}
        <Group gap="sm">
          <AsyncButton
            type="submit"
            size="lg"
            {...submitButton}
            leftSection={<IconDeviceFloppy size={20} aria-hidden />}
          >
            {t('new.submit')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * People of the provider who may be the one being entered (409 `PossibleDuplicateClient`): their card
 * instead, or this one saved as a new person. Announced and focused when it appears.
 */
function PossibleDuplicates({
  candidates,
  busy,
  onSaveAsNew,
}: {
  candidates: readonly PossibleDuplicate[];
  busy: boolean;
  onSaveAsNew: () => void;
}) {
  const { t } = useTranslation('provider-clients');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <WarningAlert role="alert">
      <Stack gap="sm">
        <Title order={2} size="h4" id="duplicates-title" ref={heading} tabIndex={-1}>
          {t('duplicates.title')}
        </Title>
        <Text>{t('duplicates.text')}</Text>
        <List listStyleType="none" spacing="sm" p={0}>
          {candidates.map((candidate) => (
            <List.Item key={candidate.id}>
              <Group gap="sm" justify="space-between" wrap="wrap">
                <Stack gap={0}>
                  <Text fw={700}>{candidate.fullName}</Text>
                  <Text size="sm">
                    {[
                      candidate.dateOfBirth
                        ? t('duplicates.born', { date: formatDisplayDate(candidate.dateOfBirth) })
                        : null,
                      candidate.birthNumberMasked
                        ? t('duplicates.birthNumber', { masked: candidate.birthNumberMasked })
                        : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  <Text size="sm" c="dark.6">
                    {t(`duplicates.matchedBy.${candidate.matchedBy}`)}
                  </Text>
                </Stack>
                <Button
                  component={Link}
                  to={paths.providerClient.getHref({ clientId: candidate.id })}
                  variant="default"
                  leftSection={<IconAddressBook size={18} aria-hidden />}
                  aria-label={t('duplicates.openLabel', { name: candidate.fullName })}
                >
                  {t('duplicates.open')}
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
        <div>
          <Button
            variant="default"
            loading={busy}
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={onSaveAsNew}
          >
            {t('duplicates.saveAsNew')}
          </Button>
        </div>
      </Stack>
    </WarningAlert>
  );
}
