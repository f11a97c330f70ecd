import { describe, expect, it } from 'vitest';
import {
  checkedIds,
  noSelection,
  type Selection,
  selectedCount,
  selectedIds,
  selectionMode,
  withPageChecked,
} from './selection.ts';

const page = ['a', 'b', 'c'];

describe('the grid selection', () => {
  it('tells the three modes apart', () => {
    expect(selectionMode(noSelection, page)).toBe('none');
    expect(selectionMode({ kind: 'rows', ids: ['a'] }, page)).toBe('some');
    expect(selectionMode({ kind: 'rows', ids: ['a', 'b', 'c'] }, page)).toBe('page');
    expect(selectionMode({ kind: 'matching' }, page)).toBe('matching');
  });

  it('keeps rows ticked on other pages when this page changes', () => {
    const earlier: Selection = { kind: 'rows', ids: ['x', 'a'] };
    const next = withPageChecked(earlier, page, ['a', 'b']);
    expect(next).toEqual({ kind: 'rows', ids: ['x', 'a', 'b'] });
    expect(checkedIds(next, page)).toEqual(['a', 'b']);
    expect(selectedCount(next, 1234)).toBe(3);
    expect(selectedIds(next)).toEqual(['x', 'a', 'b']);
  });

  it('unticking one row of "all matching" leaves the rest of the page selected', () => {
    const all: Selection = { kind: 'matching' };
    expect(checkedIds(all, page)).toEqual(page);
    expect(selectedCount(all, 1234)).toBe(1234);
    expect(selectedIds(all)).toBeNull();
    expect(withPageChecked(all, page, ['a', 'c'])).toEqual({ kind: 'rows', ids: ['a', 'c'] });
  });

  it('unticking the last row selects nothing', () => {
    expect(withPageChecked({ kind: 'rows', ids: ['a'] }, page, [])).toBe(noSelection);
  });
});
