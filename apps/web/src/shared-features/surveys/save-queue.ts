import type { SurveyAnswers } from '@opora/contracts';
import { type Autosave, type AutosaveOptions, type AutosaveStatus, createAutosave } from '@/lib/autosave.ts';
import { sameAnswers } from './survey-logic.ts';

/** What the person sees about their answers reaching the server. */
export type SaveStatus = AutosaveStatus;

export type SendAnswers<Result> = (answers: SurveyAnswers, options: { complete: boolean }) => Promise<Result>;

export type SaveQueueOptions<Result> = Omit<AutosaveOptions<SurveyAnswers, Result>, 'same'>;

export type SaveQueue<Result> = Autosave<SurveyAnswers, Result>;

/**
 * Autosave of a questionnaire (`createAutosave`): answers that only changed back to what the server
 * holds are not sent again; `submit` sends them as complete.
 */
export function createSaveQueue<Result>(options: SaveQueueOptions<Result>): SaveQueue<Result> {
  return createAutosave<SurveyAnswers, Result>({ ...options, same: sameAnswers });
}
