import type { ProviderNoteSaved } from '@opora/contracts';
import { type AutosaveStatus, createAutosave } from '@/lib/autosave.ts';

/** Where the note stands: typed and waiting, on its way, saved, retried after a failure that may pass, refused. */
export type NoteSaveState = AutosaveStatus;

export type NoteAutosaveOptions = {
  /** The whole text, over the version it was typed on. */
  send: (text: string, baseVersion: number) => Promise<ProviderNoteSaved>;
  /** The version of the note as loaded. */
  version: number;
  /** The text as loaded (sending it back unchanged is skipped). */
  text: string;
  onState: (state: NoteSaveState) => void;
  onSaved?: (saved: ProviderNoteSaved) => void;
  debounceMs?: number;
  retryDelaysMs?: readonly number[];
};

export type NoteAutosave = {
  /** The person typed: the text is sent once they pause. */
  change: (text: string) => void;
  /** Sends what waits now (leaving the page, "try again"). */
  flush: () => void;
  /** True while something typed has not reached the server. */
  hasUnsavedChanges: () => boolean;
  /** The version the next save is typed over. */
  version: () => number;
  /** A newer note from the server while nothing typed waits: it becomes the base. */
  adopt: (text: string, version: number) => void;
  start: () => void;
  stop: () => void;
  /** The page goes away: what waits is still sent, and retried while the tab stays open. */
  finishInBackground: () => void;
  /** Leaving without what was typed: it is no longer sent. */
  discard: () => void;
};

/**
 * Autosave of the internal note: the questionnaires' autosave (`createAutosave`: one save in flight,
 * the latest text wins, retries, one behaviour to learn) with the note's version. Each save names the
 * version it was typed over, so the server can say when a colleague's text was replaced
 * (`overwritten`).
 */
export function createNoteAutosave(options: NoteAutosaveOptions): NoteAutosave {
  let baseVersion = options.version;
  const autosave = createAutosave<string, ProviderNoteSaved>({
    send: (text) => options.send(text, baseVersion),
    same: (a, b) => a === b,
    initial: options.text,
    onStatus: options.onState,
    onSaved: (saved) => {
      baseVersion = saved.version;
      options.onSaved?.(saved);
    },
    ...(options.debounceMs !== undefined && { debounceMs: options.debounceMs }),
    ...(options.retryDelaysMs !== undefined && { retryDelaysMs: options.retryDelaysMs }),
  });
  return {
    change: autosave.change,
    flush: autosave.flush,
    hasUnsavedChanges: autosave.hasUnsavedChanges,
    version: () => baseVersion,
    adopt(text, version) {
      if (version > baseVersion && autosave.adopt(text)) baseVersion = version;
    },
    start: autosave.start,
    stop: autosave.stop,
    finishInBackground: autosave.finishInBackground,
    discard: autosave.discard,
  };
}
