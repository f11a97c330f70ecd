import type { ServiceTypeCode } from './enums.ts';

/**
 * The case survey's question that chooses the services a client's pool recommends: what help is
 * needed, in the family's words, each mapped to the legal service types that give it. The case
 * survey (seeded questionnaire `case`) asks it as a multiple choice named `help-needed`.
 */
export const helpNeededQuestionName = 'help-needed';

/** The case survey's free text, "anything else you would like us to know": the provider's overview shows it. */
export const caseNotesQuestionName = 'notes';

export const helpNeededServiceTypes = {
  'personal-care-at-home': ['home-care-service', 'personal-assistance'],
  'nursing-at-home': ['home-nursing'],
  'emergency-button': ['emergency-care'],
  'day-programme': ['day-services-centre', 'day-care-centre', 'social-activation'],
  'residential-care': ['home-for-seniors', 'special-regime-home'],
  'carer-break': ['respite-care'],
  advice: ['social-counselling'],
} as const satisfies Record<string, readonly ServiceTypeCode[]>;
export type HelpNeeded = keyof typeof helpNeededServiceTypes;
export const helpNeededValues = Object.keys(helpNeededServiceTypes) as HelpNeeded[];

/** Service types the answers ask for, in the order of `serviceTypeCodes`-independent first mention. */
export function recommendedServiceTypes(answers: Readonly<Record<string, unknown>>): ServiceTypeCode[] {
  const chosen = answers[helpNeededQuestionName];
  if (!Array.isArray(chosen)) return [];
  const types = new Set<ServiceTypeCode>();
  for (const value of chosen) {
    if (typeof value === 'string' && value in helpNeededServiceTypes) {
      for (const type of helpNeededServiceTypes[value as HelpNeeded]) types.add(type);
    }
  }
  return [...types];
}
