import { describe, expect, it } from 'vitest';
import { countOf, filterOf, searchOf } from './status-filter.ts';

const counts = { open: 2, assigned: 1, answered: 4, closed: 9 };

describe('the support inbox’s status filter', () => {
  it('shows the active messages unless the address names a status', () => {
    expect(filterOf(new URLSearchParams())).toBe('active');
    expect(filterOf(new URLSearchParams('status=closed'))).toBe('closed');
    expect(filterOf(new URLSearchParams('status=active'))).toBe('active');
    expect(filterOf(new URLSearchParams('status=deleted'))).toBe('active');
  });

  it('keeps the default out of the address and the other parameters in it', () => {
    expect(searchOf('answered', new URLSearchParams('x=1')).toString()).toBe('x=1&status=answered');
    expect(searchOf('active', new URLSearchParams('status=closed&x=1')).toString()).toBe('x=1');
  });

  it('counts the active messages as every one not closed', () => {
    expect(countOf('active', counts)).toBe(7);
    expect(countOf('closed', counts)).toBe(9);
    expect(countOf('assigned', counts)).toBe(1);
  });
});
