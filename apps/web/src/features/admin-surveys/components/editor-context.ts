import type { EditorDocument } from '../utils/document-model.ts';
import type { DocumentProblems } from '../utils/document-problems.ts';

/** What every part of the editor gets: the document, its problems, and the way to change it. */
export type EditorProps = {
  document: EditorDocument;
  problems: DocumentProblems;
  /** Applies one of `document-editing.ts`'s changes at once (to the latest document), answering the result. */
  edit: (change: (document: EditorDocument) => EditorDocument) => EditorDocument;
  /** A published or retired definition is shown, not edited. */
  readOnly: boolean;
};
