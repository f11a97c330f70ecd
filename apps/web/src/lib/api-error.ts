import type { ErrorCode, ErrorDetail } from '@opora/contracts';

/**
 * A failed API call, from the problem details the API answers with (SPEC §3): the catalogue `code`
 * selects the translated message, `errors` carries field-level details of a validation failure.
 * A network failure has status 0. Apart from the client (`api-client.ts`, which re-exports it), so
 * the shell can tell these errors apart (query retries) without carrying the client.
 */
export class ApiError extends Error {
  readonly status: number;
  /**
   * Catalogue code (SPEC §8) as the server sent it; `unknown` when it sent none. Its message:
   * `apiErrorMessageKeys(error)` (`api-error-message.ts`, apart so the shell carries no catalogue).
   */
  readonly code: ErrorCode | (string & {});
  readonly errors: ErrorDetail[];
  readonly detail: string | undefined;
  /** `RecordChangedByAnother`: the record as someone else saved it (read it with the operation's schema). */
  readonly current: unknown;
  /** The problem as the server sent it, for codes that carry more (`PossibleDuplicateClient`'s `candidates`). */
  readonly problem: Readonly<Record<string, unknown>>;

  constructor(init: {
    status: number;
    code: string;
    title: string;
    detail?: string;
    errors?: ErrorDetail[];
    current?: unknown;
    problem?: Readonly<Record<string, unknown>>;
  }) {
    super(init.title);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.errors = init.errors ?? [];
    this.current = init.current;
    this.problem = init.problem ?? {};
  }
}
