/**
 * The care allowance (příspěvek na péči, CZ 108/2006 Sb. § 8–11): degree I–IV by how many of the ten
 * basic needs a person over 18 cannot manage without another person's help, and the monthly amount of
 * each degree. The extended case survey asks one question per need (`need-<code>`); its result page
 * shows the degree those answers point to as an estimate — the labour office decides.
 */
export const basicNeeds = [
  'mobility',
  'orientation',
  'communication',
  'eating',
  'dressing',
  'hygiene',
  'toileting',
  'health-care',
  'personal-activities',
  'household',
] as const;
export type BasicNeed = (typeof basicNeeds)[number];

/** The answer of each need question: manages alone, manages with difficulty or aids, needs another person. */
export const basicNeedLevels = ['alone', 'with-difficulty', 'needs-help'] as const;
export type BasicNeedLevel = (typeof basicNeedLevels)[number];

export const basicNeedQuestionName = (need: BasicNeed) => `need-${need}` as const;

/** Degrees from the fewest unmanaged needs up; monthly amounts for adults in CZK (DOMAIN.md). */
export const careAllowanceDegrees = [
  { degree: 1, minUnmanagedNeeds: 3, monthlyAmountCzk: 880 },
  { degree: 2, minUnmanagedNeeds: 5, monthlyAmountCzk: 4_400 },
  { degree: 3, minUnmanagedNeeds: 7, monthlyAmountCzk: 12_800 },
  { degree: 4, minUnmanagedNeeds: 9, monthlyAmountCzk: 19_200 },
] as const;
export type CareAllowanceDegree = (typeof careAllowanceDegrees)[number]['degree'];

export interface CareAllowanceEstimate {
  /** Needs answered "needs another person's help". */
  unmanagedNeeds: BasicNeed[];
  /** Needs not answered yet: the estimate may rise once they are. */
  unansweredNeeds: BasicNeed[];
  /** Null when fewer than three needs are unmanaged (no allowance). */
  degree: CareAllowanceDegree | null;
  monthlyAmountCzk: number | null;
}

export function estimateCareAllowance(answers: Readonly<Record<string, unknown>>): CareAllowanceEstimate {
  const unmanagedNeeds = basicNeeds.filter((need) => answers[basicNeedQuestionName(need)] === 'needs-help');
  const unansweredNeeds = basicNeeds.filter((need) => answers[basicNeedQuestionName(need)] === undefined);
  const reached = careAllowanceDegrees
    .filter((degree) => unmanagedNeeds.length >= degree.minUnmanagedNeeds)
    .at(-1);
  return {
    unmanagedNeeds,
    unansweredNeeds,
    degree: reached?.degree ?? null,
    monthlyAmountCzk: reached?.monthlyAmountCzk ?? null,
  };
}
