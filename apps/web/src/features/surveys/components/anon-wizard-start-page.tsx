import { ReplaceWith } from '@/components/ui/replace-with.tsx';
import { paths } from '@/config/paths.ts';

/** `/anon-new-case-wizard`: the anonymous wizard starts with the extended survey (SPEC §2). */
export function AnonWizardStartPage() {
  return <ReplaceWith to={paths.anonNewCaseExtCaseSurvey.getHref()} />;
}
