import type { LocalAnswers } from './survey-logic.ts';

/**
 * The browser's copy of answers the server does not hold yet, so a failed save, a reload or a lost
 * connection never costs what was typed. Session storage: it stays with this tab and goes when the
 * tab closes (the answers are health data), and it is removed as soon as the server has them.
 */
type StoredDraft = {
  definitionId: string;
  /** The server's `updatedAt` the copy was made on top of: a newer one means answers from elsewhere. */
  baseUpdatedAt: string | null;
  answers: LocalAnswers;
};

const prefix = 'opora:survey-draft:';

/**
 * Where a questionnaire's copy is kept: a case's questionnaire of a type, one kept under the client
 * before its case exists, or a provider's questionnaire (by definition) on a request's review page.
 */
export function draftStorageKey(
  owner: { caseId: string } | { clientId: string } | { requestDraftId: string },
  type: string,
): string {
  if ('caseId' in owner) return `${prefix}case:${owner.caseId}:${type}`;
  if ('clientId' in owner) return `${prefix}client:${owner.clientId}:${type}`;
  return `${prefix}request-draft:${owner.requestDraftId}:${type}`;
}

export function writeDraft(key: string, draft: StoredDraft): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the answers still live on the screen and go to the server.
  }
}

export function removeDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing to remove where storage is disabled.
  }
}

function isStoredDraft(value: unknown): value is StoredDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<StoredDraft>;
  return (
    typeof draft.definitionId === 'string' &&
    (draft.baseUpdatedAt === null || typeof draft.baseUpdatedAt === 'string') &&
    typeof draft.answers === 'object' &&
    draft.answers !== null &&
    !Array.isArray(draft.answers)
  );
}

/**
 * The copy to continue from, when it was made for this version of the questionnaire on top of what
 * the server still holds; otherwise it is stale and removed.
 */
export function readDraft(
  key: string,
  current: { definitionId: string; updatedAt: string | null },
): LocalAnswers | null {
  let parsed: unknown;
  try {
    const stored = window.sessionStorage.getItem(key);
    if (stored === null) return null;
    parsed = JSON.parse(stored);
  } catch {
    return null;
  }
  if (
    isStoredDraft(parsed) &&
    parsed.definitionId === current.definitionId &&
    parsed.baseUpdatedAt === current.updatedAt
  ) {
    return parsed.answers;
  }
  removeDraft(key);
  return null;
}

/** Moves a copy to another key (a new case was created for answers kept under the client). */
export function moveDraft(from: string, to: string): void {
  try {
    const stored = window.sessionStorage.getItem(from);
    if (stored !== null) window.sessionStorage.setItem(to, stored);
    window.sessionStorage.removeItem(from);
  } catch {
    // See writeDraft.
  }
}
