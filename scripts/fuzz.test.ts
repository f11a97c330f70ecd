import { describe, expect, it } from 'vitest';
import { parseFigures } from './fuzz.ts';

const failedRun = `
 🚫  Coverage (in 1.16s)

     ❌ 15 failed  🚫  2 errors

=================================== SUMMARY ====================================

API Operations:
  Selected: 17/17
  Tested: 17

Failures:
  ❌ ST103 Undocumented status code: 3
  ❌ ST204 Wrong response to undeclared method: 6

Errors:
  🚫 Runtime Error: 2
  🚫 Network Error: 1

Test cases:
  42 generated, 24 found 29 unique failures

================== 29 failures, 3 errors, 1 warning in 2.06s ===================
`;

const passedRun = `
=================================== SUMMARY ====================================

API Operations:
  Selected: 1/17
  Tested: 1

Test cases:
  101 generated, 101 passed

============================= 2 warnings in 52.19s =============================
`;

describe('the figures of a Schemathesis run', () => {
  it('reads operations, examples, unique failures and errors from the summary', () => {
    expect(parseFigures(failedRun)).toEqual({ operations: 17, examples: 42, failures: 29, errors: 3 });
  });

  it('reads a run without failures as none', () => {
    expect(parseFigures(passedRun)).toEqual({ operations: 1, examples: 101, failures: 0, errors: 0 });
  });
});
