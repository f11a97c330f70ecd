import { Alert, Button, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { type Locale, locales, type SurveyDocument, type SurveyType } from '@opora/contracts';
import { IconAlertTriangle, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import type { i18n as I18n } from 'i18next';
import { Component, type ReactNode, useEffect, useId, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n/i18n.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { removeDraft } from '@/shared-features/surveys/draft-storage.ts';
import { SurveyForm } from '@/shared-features/surveys/survey-form.tsx';
import { localized } from '@/shared-features/surveys/survey-logic.ts';
import { surveyNamespaces } from '@/shared-features/surveys/survey-question.tsx';
import classes from './admin-surveys.module.css';

/** What the carers' questionnaire reads: its own texts, the schema's and server's messages, the buttons'. */
function previewNamespaces(type: SurveyType): string[] {
  // A service's questionnaire is answered on the request's review page, whose Finish is the requests'.
  return ['common', ...surveyNamespaces, ...(type === 'service' ? ['requests'] : [])];
}

/**
 * The app's translations in another language, for the preview only: a copy of the app's i18next that
 * shares its loaded texts, so the questionnaire shows in Czech, English or Slovak while the console
 * stays in the reader's language (and the page's `lang` and stored choice stay as they are).
 */
const previewInstances = new Map<Locale, I18n>();

async function previewInstance(locale: Locale, namespaces: string[]): Promise<I18n> {
  let instance = previewInstances.get(locale);
  if (!instance) {
    instance = i18n.cloneInstance({ lng: locale, ns: namespaces });
    previewInstances.set(locale, instance);
  }
  await instance.changeLanguage(locale);
  await instance.loadNamespaces(namespaces);
  return instance;
}

function usePreviewInstance(locale: Locale, type: SurveyType): I18n | null {
  const [ready, setReady] = useState<{ locale: Locale; instance: I18n } | null>(null);
  useEffect(() => {
    let current = true;
    void previewInstance(locale, previewNamespaces(type)).then((instance) => {
      if (current) setReady({ locale, instance });
    });
    return () => {
      current = false;
    };
  }, [locale, type]);
  return ready?.locale === locale ? ready.instance : null;
}

/** A document the renderer cannot show (it should not happen: only checked documents reach it). */
class PreviewBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Where Finish leads a carer; in the preview, what happened and a way to start again. */
function Finished({ onRestart }: { onRestart: () => void }) {
  const { t } = useTranslation('admin-surveys');
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm" align="flex-start">
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck size={24} aria-hidden color="var(--mantine-color-opora-7)" />
          <Text fw={700}>{t('preview.finished')}</Text>
        </Group>
        <Button variant="default" leftSection={<IconRefresh size={18} aria-hidden />} onClick={onRestart}>
          {t('preview.restart')}
        </Button>
      </Stack>
    </Paper>
  );
}

function finishLabel(instance: I18n, type: SurveyType): string {
  const key =
    type === 'case'
      ? 'surveys:case.finish'
      : type === 'extended-case'
        ? 'surveys:ext.finish'
        : 'requests:review.surveys.finish';
  return instance.t(key);
}

/**
 * The questionnaire exactly as a carer sees it — the carers' own `SurveyForm` — in the language chosen
 * here, from the document being edited (unsaved). Answers go nowhere: the form's saving is a stand-in,
 * and its copy in the tab is removed when the preview goes.
 */
export function SurveyPreview({
  document,
  stale,
  definitionId,
  type,
  editable,
}: {
  /** The last document without problems; null when there has been none. */
  document: SurveyDocument | null;
  /** The editor holds changes with problems, not shown yet. */
  stale: boolean;
  definitionId: string;
  type: SurveyType;
  /** A draft: the preview follows the edits. */
  editable: boolean;
}) {
  const { t } = useTranslation('admin-surveys');
  const { locale } = useLocale();
  const headingId = useId();
  const [previewLocale, setPreviewLocale] = useState<Locale>(locale);
  const instance = usePreviewInstance(previewLocale, type);
  const [run, setRun] = useState(0);
  const [finished, setFinished] = useState(false);
  const draftKey = `opora:console-preview:${definitionId}`;
  useEffect(() => () => removeDraft(draftKey), [draftKey]);
  const restart = () => {
    removeDraft(draftKey);
    setFinished(false);
    setRun((previous) => previous + 1);
  };

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h3" id={headingId}>
            {t('preview.title')}
          </Title>
          <SegmentedControl
            aria-label={t('preview.language')}
            value={previewLocale}
            onChange={(value) => setPreviewLocale(value as Locale)}
            data={locales.map((each) => ({ value: each, label: t(`languageShort.${each}`) }))}
          />
        </Group>
        <Text size="sm" c="dark.6">
          {editable ? t('preview.hint') : t('preview.hintReadOnly')}
        </Text>
        {stale ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            <Text size="sm">{document ? t('preview.stale') : t('preview.nothing')}</Text>
          </Alert>
        ) : null}
        {document && instance ? (
          <I18nextProvider i18n={instance}>
            <div lang={previewLocale} className={classes.previewFrame} data-preview>
              <Stack gap="md">
                <Text className={classes.previewTitle}>{localized(document.title, previewLocale)}</Text>
                {finished ? (
                  <Finished onRestart={restart} />
                ) : (
                  <PreviewBoundary
                    key={`${run}:${document.pages.length}`}
                    fallback={<Text>{t('preview.failed')}</Text>}
                  >
                    <SurveyForm<{ updatedAt: string | null }>
                      document={document}
                      definitionId={definitionId}
                      initialAnswers={{}}
                      serverUpdatedAt={null}
                      draftKey={draftKey}
                      save={async () => ({ updatedAt: null })}
                      onFinished={() => setFinished(true)}
                      finishLabel={finishLabel(instance, type)}
                    />
                  </PreviewBoundary>
                )}
              </Stack>
            </div>
          </I18nextProvider>
        ) : document ? (
          <Group gap="xs" py="md">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t('preview.loading')}</Text>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
