import { Navigate } from 'react-router';
import { paths } from '@/config/paths.ts';

/** `/anon-new-case-wizard`: the anonymous wizard starts with the extended survey (SPEC §2). */
export function AnonWizardStartPage() {
  return <Navigate replace to={paths.anonNewCaseExtCaseSurvey.getHref()} />;
}
