import { Button, Group, Textarea, TextInput } from '@mantine/core';
import { type Locale, type LocalizedText, locales } from '@opora/contracts';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/forms/form-errors.tsx';
import { blankText, isBlankText } from '../utils/document-model.ts';
import type { DocumentProblems } from '../utils/document-problems.ts';
import { byData, focusSoon } from '../utils/focus.ts';
import classes from './admin-surveys.module.css';

/** A problem of the document at `path`, in the reader's language; null when there is none. */
export function useProblemText(problems: DocumentProblems) {
  // The messages name their namespace (`validation:required`, `admin-surveys:problems.name`).
  const { t } = useTranslation();
  return (path: string): string | null => {
    const detail = problems[path];
    return detail ? translateMessage(t, detail) : null;
  };
}

type LocalizedFieldsProps = {
  legend: string;
  /** Said under the legend. */
  hint?: string;
  value: LocalizedText;
  onChange: (next: LocalizedText) => void;
  problems: DocumentProblems;
  /** The text's path in the sent document (`pages.0.title`); each language's field adds `.cs`… */
  path: string;
  multiline?: boolean;
  readOnly: boolean;
  /** A text every carer sees: each language must be given. */
  required?: boolean;
};

/** One text in Czech, English and Slovak: three fields under one legend, each language marked as such. */
export function LocalizedFields({
  legend,
  hint,
  value,
  onChange,
  problems,
  path,
  multiline = false,
  readOnly,
  required = false,
}: LocalizedFieldsProps) {
  const { t } = useTranslation('admin-surveys');
  const problemText = useProblemText(problems);
  const legendId = useId();
  const hintId = useId();
  const change = (locale: Locale, text: string) => onChange({ ...value, [locale]: text });
  return (
    <fieldset
      className={classes.fieldset}
      aria-labelledby={legendId}
      aria-describedby={hint ? hintId : undefined}
    >
      <legend id={legendId} className={classes.legend}>
        {legend}
      </legend>
      {hint ? (
        <p id={hintId} className={classes.hint}>
          {hint}
        </p>
      ) : null}
      <div className={classes.languages}>
        {locales.map((locale) => {
          const common = {
            label: t(`language.${locale}`),
            lang: locale,
            value: value[locale],
            readOnly,
            withAsterisk: required && !readOnly,
            error: problemText(`${path}.${locale}`),
            maxLength: 2000,
            'data-path': `${path}.${locale}`,
            classNames: { label: classes.languageLabel },
          };
          return multiline ? (
            <Textarea
              key={locale}
              size="md"
              {...common}
              autosize
              minRows={1}
              maxRows={8}
              onChange={(event) => change(locale, event.currentTarget.value)}
            />
          ) : (
            <TextInput
              key={locale}
              {...common}
              onChange={(event) => change(locale, event.currentTarget.value)}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * A text the format lets out (a description, a unit): a button adds it, another takes it away; shown
 * as fields while it has any text.
 */
export function OptionalLocalizedFields({
  addLabel,
  removeLabel,
  ...props
}: LocalizedFieldsProps & { addLabel: string; removeLabel: string }) {
  const [opened, setOpened] = useState(false);
  const shown = opened || !isBlankText(props.value);
  if (!shown) {
    if (props.readOnly) return null;
    return (
      <div>
        <Button
          variant="subtle"
          size="compact-md"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => {
            setOpened(true);
            focusSoon(byData('path', `${props.path}.cs`));
          }}
          data-adds={props.path}
        >
          {addLabel}
        </Button>
      </div>
    );
  }
  return (
    <div>
      <LocalizedFields {...props} />
      {props.readOnly ? null : (
        <Group justify="flex-end" mt={4}>
          <Button
            variant="subtle"
            color="gray"
            c="dark.6"
            size="compact-sm"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => {
              props.onChange(blankText());
              setOpened(false);
              focusSoon(byData('adds', props.path));
            }}
          >
            {removeLabel}
          </Button>
        </Group>
      )}
    </div>
  );
}
