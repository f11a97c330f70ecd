import { Alert, Anchor, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type ContactForm, ContactFormSchema } from '@opora/contracts';
import { IconAlertTriangle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { Container } from '@/components/ui/container.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { type SessionUser, useSessionUser } from '@/lib/session.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';
import classes from './contact.module.css';
import { EmergencyNotice, OperatorDetails } from './operator-details.tsx';

/** A signed-in person's names and e-mail are filled in for them; the message is always empty. */
function blankMessage(user: SessionUser | null): ContactForm {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    text: '',
  };
}

/** `/contact` (SPEC §2): a message to the Opora team, and how else to reach it. */
export function ContactPage() {
  const { t } = useTranslation(['contact', 'errors', 'validation']);
  const user = useSessionUser();
  const sendCall = useSendContactMessage();
  const { form, onSubmit, submitButton, failure } = useContractForm({
    schema: ContactFormSchema,
    initialValues: blankMessage(user),
    submit: (body) => sendCall.mutateAsync(body),
    onSuccess: () => {
      form.reset();
    },
    // Field errors sit beside their fields; anything else (rate limit, outage) is said above the button.
    onError: () => true,
  });

  // The user may load after the first render; fill in only what the person has not typed yet.
  useEffect(() => {
    if (!user) return;
    const values = form.getValues();
    const initial = blankMessage(user);
    form.setInitialValues(initial);
    form.setValues({
      firstName: values.firstName || initial.firstName,
      lastName: values.lastName || initial.lastName,
      email: values.email || initial.email,
    });
  }, [user?.id]);

  const failureMessage =
    failure === null
      ? null
      : failure instanceof ApiError
        ? t(apiErrorMessageKeys(failure))
        : t('errors:unknown');

  return (
    <Container className={classes.page}>
      <Stack gap="xl">
        <Stack gap="xs" maw={720}>
          <Title order={1}>{t('contact.title')}</Title>
          <Text size="lg">{t('contact.intro')}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl" className={classes.grid}>
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.formCard}>
            <form noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title">
              <Stack gap="md">
                <Title id="contact-form-title" order={2} size="h3">
                  {t('contact.form.title')}
                </Title>
                {sendCall.isSuccess ? (
                  <Alert color="opora" variant="light" role="status" icon={<IconCircleCheck aria-hidden />}>
                    {t('contact.form.success')}
                  </Alert>
                ) : null}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput
                    label={t('contact.form.firstName')}
                    autoComplete="given-name"
                    withAsterisk
                    key={form.key('firstName')}
                    {...form.getInputProps('firstName')}
                  />
                  <TextInput
                    label={t('contact.form.lastName')}
                    autoComplete="family-name"
                    withAsterisk
                    key={form.key('lastName')}
                    {...form.getInputProps('lastName')}
                  />
                </SimpleGrid>
                <TextInput
                  label={t('contact.form.email')}
                  description={t('contact.form.emailHint')}
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  withAsterisk
                  key={form.key('email')}
                  {...form.getInputProps('email')}
                />
                <Textarea
                  label={t('contact.form.text')}
                  description={t('contact.form.textHint')}
                  autosize
                  size="md"
                  minRows={6}
                  maxRows={16}
                  withAsterisk
                  key={form.key('text')}
                  {...form.getInputProps('text')}
                />
                {failureMessage ? (
                  <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
                    {failureMessage}
                  </Alert>
                ) : null}
                <Text size="sm" c="dimmed">
                  {t('contact.form.privacy')}{' '}
                  <Anchor component={Link} to={paths.gdpr.getHref()} size="sm">
                    {t('contact.form.privacyLink')}
                  </Anchor>
                </Text>
                <AsyncButton
                  type="submit"
                  size="lg"
                  {...submitButton}
                  leftSection={<IconSend size={20} aria-hidden />}
                  className={classes.submit}
                >
                  {t('contact.form.submit')}
                </AsyncButton>
              </Stack>
            </form>
          </Paper>
          <Stack gap="lg">
            <OperatorDetails />
            <EmergencyNotice />
            <Text>
              {t('contact.supportHint')}{' '}
              <Anchor component={Link} to={paths.support.getHref()}>
                {t('contact.supportLink')}
              </Anchor>
            </Text>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
