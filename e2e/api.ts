import type { OperationOutput, Operations } from '@opora/contracts';
import type { APIResponse, Response } from '@playwright/test';

/**
 * The body of a successful answer of `operation` (a request's or one the page received), typed by the
 * contracts' operations table as the web app's fetchers are: a test never retypes what the API answers.
 * Any other answer fails the test with the operation, the status and the body.
 */
export async function answerOf<K extends keyof Operations>(
  response: APIResponse | Response,
  operation: K,
): Promise<OperationOutput<Operations[K]>> {
  if (!response.ok()) throw new Error(`${operation} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as OperationOutput<Operations[K]>;
}
