import { describe, expect, it } from 'vitest';
import { withoutMessage } from './routes.ts';

describe('withoutMessage', () => {
  it('keeps only stack frames, not the query parameters a database error quotes in its message', () => {
    const error = new Error('Failed query: select 1 where id = $1\nparams: jana@example.cz,5f1c-token-id');
    const logged = withoutMessage(error);
    expect(logged.type).toBe('Error');
    expect(logged.frames).toMatch(/^\s+at /);
    expect(JSON.stringify(logged)).not.toMatch(/params|jana@example\.cz|5f1c-token-id|Failed query/);
  });
});
