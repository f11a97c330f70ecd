import type { SurveyDefinitionSummary, SurveyType } from '@opora/contracts';

/** The platform's definitions of a type (a provider's own forms are numbered apart). */
export function platformDefinitions(definitions: readonly SurveyDefinitionSummary[], type: SurveyType) {
  return definitions.filter((definition) => definition.providerId === null && definition.type === type);
}

/** The version after the newest of the platform's definitions of `type` (1 for the first). */
export function nextVersion(definitions: readonly SurveyDefinitionSummary[], type: SurveyType): number {
  return Math.max(0, ...platformDefinitions(definitions, type).map((definition) => definition.version)) + 1;
}

/** The newest published platform definition of `type`, if any. */
export function newestPublished(definitions: readonly SurveyDefinitionSummary[], type: SurveyType) {
  return platformDefinitions(definitions, type)
    .filter((definition) => definition.status === 'published')
    .sort((a, b) => b.version - a.version)[0];
}

/**
 * A code for version `version` of `type` as the shipped ones are named (`case-v2`), or with a suffix
 * when that is taken (`case-v2-2`).
 */
export function suggestedCode(
  definitions: readonly SurveyDefinitionSummary[],
  type: SurveyType,
  version: number,
): string {
  const taken = new Set(definitions.map((definition) => definition.code));
  const base = `${type}-v${version}`;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
