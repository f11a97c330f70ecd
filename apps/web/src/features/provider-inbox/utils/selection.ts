/**
 * The grid's row selection (SPEC §2): some rows of the page, every row of the page, or every record
 * matching the filters — the last reaches records on other pages, so it is a mode, not a list of ids.
 */
export type Selection = { kind: 'none' } | { kind: 'rows'; ids: readonly string[] } | { kind: 'matching' };

export type SelectionMode = 'none' | 'some' | 'page' | 'matching';

export const noSelection: Selection = { kind: 'none' };

/** Which of SPEC's modes a selection is in, given the ids of the rows on the page. */
export function selectionMode(selection: Selection, pageIds: readonly string[]): SelectionMode {
  if (selection.kind === 'matching') return 'matching';
  if (selection.kind === 'none' || selection.ids.length === 0) return 'none';
  return pageIds.length > 0 && pageIds.every((id) => selection.ids.includes(id)) ? 'page' : 'some';
}

/** The ids checked on the page: all of them while every matching record is selected. */
export function checkedIds(selection: Selection, pageIds: readonly string[]): readonly string[] {
  if (selection.kind === 'matching') return pageIds;
  if (selection.kind === 'none') return [];
  return selection.ids.filter((id) => pageIds.includes(id));
}

/**
 * The person ticked or unticked rows (`checkedOnPage`: the rows now checked on the page). Rows ticked
 * on other pages stay selected; unticking one while every matching record is selected leaves the
 * page's other rows selected.
 */
export function withPageChecked(
  selection: Selection,
  pageIds: readonly string[],
  checkedOnPage: readonly string[],
): Selection {
  const elsewhere = selection.kind === 'rows' ? selection.ids.filter((id) => !pageIds.includes(id)) : [];
  const ids = [...elsewhere, ...pageIds.filter((id) => checkedOnPage.includes(id))];
  return ids.length === 0 ? noSelection : { kind: 'rows', ids };
}

/** The ids of an export of the selection, or null when it is every matching record (a filter). */
export function selectedIds(selection: Selection): readonly string[] | null {
  if (selection.kind === 'matching') return null;
  return selection.kind === 'rows' ? selection.ids : [];
}

/** How many records a selection covers, given the page's rows and the total matching the filters. */
export function selectedCount(selection: Selection, total: number): number {
  if (selection.kind === 'matching') return total;
  return selection.kind === 'rows' ? selection.ids.length : 0;
}
