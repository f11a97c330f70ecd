import { Loader } from '@mantine/core';

/** Placeholder until the questionnaire screens land (same issue). */
export function ExtCaseSurveyPage() {
  return <Loader aria-label="…" />;
}
