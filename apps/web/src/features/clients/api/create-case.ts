import { formatDisplayDate, initialServiceLevel, todayIsoDate } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import type { TFunction } from 'i18next';
import { callOperation } from '@/lib/operations.ts';

/**
 * The body of a new case (SPEC §2): today in Prague as `yyyy-MM-dd`, service level 1 and a
 * placeholder name the carer can change later ("New care need, 05. 03. 2026").
 */
export function newCaseBody(t: TFunction<'clients'>) {
  const date = todayIsoDate();
  return {
    date,
    fcServiceLevel: initialServiceLevel,
    name: t('case.placeholderName', { date: formatDisplayDate(date) }),
  };
}

/**
 * `createCase`: a case without a client yet; the new-client wizard enters its client. `creationKey`
 * (made once per intended case) makes a repeat answer the same case instead of opening another.
 */
export function createCase(t: TFunction<'clients'>, creationKey: string) {
  return callOperation(operations.createCase, { body: { ...newCaseBody(t), creationKey } });
}

/** `createClientCase`: a new need of a known client; the new-case wizard describes it. */
export function createClientCase(t: TFunction<'clients'>, clientId: string, creationKey: string) {
  return callOperation(operations.createClientCase, {
    params: { clientId },
    body: { ...newCaseBody(t), creationKey },
  });
}
