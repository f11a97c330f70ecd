import { describe, expect, it } from 'vitest';
import { printSections } from '../request-print-page.tsx';
import { StatusChangeFormSchema } from './status-dialog.tsx';

const issuesOf = (body: unknown) => {
  const result = StatusChangeFormSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('the change-status form', () => {
  it('asks for a reason only when the request is declined', () => {
    expect(issuesOf({ status: 'in-progress', fromStatus: 'new' })).toEqual([]);
    expect(issuesOf({ status: 'rejected', fromStatus: 'new' })).toEqual(['reason:validation:required']);
    expect(issuesOf({ status: 'rejected', fromStatus: 'new', reason: 'waiting-list' })).toEqual([]);
  });

  it('asks for the words with "other"', () => {
    expect(issuesOf({ status: 'rejected', fromStatus: 'new', reason: 'other' })).toEqual([
      'reasonText:validation:required',
    ]);
    expect(issuesOf({ status: 'rejected', fromStatus: 'new', reason: 'other', reasonText: '   ' })).toEqual([
      'reasonText:validation:required',
    ]);
    expect(
      issuesOf({
        status: 'rejected',
        fromStatus: 'new',
        reason: 'other',
        reasonText: 'Klient se odstěhoval.',
      }),
    ).toEqual([]);
  });
});

describe('the print page’s sections', () => {
  it('keeps the known sections in their usual order, all of them when none is named', () => {
    expect(printSections('history,overview')).toEqual(['overview', 'history']);
    expect(printSections('surveys,bogus')).toEqual(['surveys']);
    expect(printSections(null)).toEqual(['overview', 'surveys', 'documents', 'history']);
    expect(printSections('bogus')).toEqual(['overview', 'surveys', 'documents', 'history']);
  });
});
