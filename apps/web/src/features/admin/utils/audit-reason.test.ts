import { describe, expect, it } from 'vitest';
import { splitAuditReason } from './audit-reason.ts';

describe('splitAuditReason', () => {
  it("splits a rejection's reason code from its note", () => {
    expect(splitAuditReason('provider-claim-rejected', 'other: Žadatel nedoložil plnou moc.')).toEqual({
      code: 'other',
      text: 'Žadatel nedoložil plnou moc.',
    });
    expect(splitAuditReason('provider-verification-rejected', 'details-differ')).toEqual({
      code: 'details-differ',
      text: '',
    });
  });

  it('keeps any other reason as written', () => {
    expect(splitAuditReason('provider-verification-approved', 'other: looked fine')).toEqual({
      code: null,
      text: 'other: looked fine',
    });
    expect(splitAuditReason('provider-verification-rejected', 'unknown-code: text')).toEqual({
      code: null,
      text: 'unknown-code: text',
    });
  });
});
