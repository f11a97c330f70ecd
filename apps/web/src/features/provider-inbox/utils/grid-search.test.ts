import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  filterOf,
  gridReturnHref,
  gridReturnState,
  nextSort,
  readGridQuery,
  withFilter,
  withoutFilters,
  writeGridQuery,
} from './grid-search.ts';

const read = (search: string) => readGridQuery(new URLSearchParams(search));

describe('the grid query in the address', () => {
  it('reads defaults from an empty address and writes them back as nothing', () => {
    const query = read('');
    expect(query).toEqual({ sort: '-createdDate', page: 1, pageSize: 25 });
    expect(writeGridQuery(query).toString()).toBe('');
  });

  it('round-trips filters, sort and page', () => {
    const search =
      'status=new%2Cin-progress&client=Nov%C3%A1k&serviceType=personal-assistance&createdFrom=2026-01-01&assignedToMe=true&sort=client&page=3&pageSize=50';
    const query = read(search);
    expect(query).toMatchObject({
      status: 'new,in-progress',
      client: 'Novák',
      serviceType: 'personal-assistance',
      createdFrom: '2026-01-01',
      assignedToMe: 'true',
      sort: 'client',
      page: 3,
      pageSize: 50,
    });
    expect(read(writeGridQuery(query).toString())).toEqual(query);
  });

  it('drops a mangled parameter and keeps the rest', () => {
    const query = read('status=new,bogus&client=Eva&sort=-nope&page=-2&pageSize=7&createdTo=2026-13-40');
    expect(query).toEqual({ client: 'Eva', sort: '-createdDate', page: 1, pageSize: 25 });
  });

  it('goes back to the first page when a filter changes, and clears empty filters', () => {
    const query = { ...read('client=Eva&page=4'), status: 'new' };
    const changed = withFilter(query, { client: '', serviceType: 'respite-care' });
    expect(changed).toEqual({
      status: 'new',
      serviceType: 'respite-care',
      sort: '-createdDate',
      page: 1,
      pageSize: 25,
    });
    expect(activeFilterCount(changed)).toBe(2);
    expect(filterOf(changed)).toEqual({ status: 'new', serviceType: 'respite-care' });
    expect(withoutFilters(changed)).toEqual({ sort: '-createdDate', page: 1, pageSize: 25 });
  });

  it('turns the sorted column around and starts dates newest first', () => {
    expect(nextSort('-createdDate', 'createdDate')).toBe('createdDate');
    expect(nextSort('createdDate', 'createdDate')).toBe('-createdDate');
    expect(nextSort('-createdDate', 'client')).toBe('client');
    expect(nextSort('client', 'editedDate')).toBe('-editedDate');
  });
});

describe('the way back from a request to the grid', () => {
  it('returns to the grid the request was opened from, with its filters, sort and page', () => {
    const left = read('status=new&client=nov%C3%A1k&sort=client&page=2');
    expect(gridReturnHref(gridReturnState(left))).toBe(
      '/provider/requests?status=new&client=nov%C3%A1k&sort=client&page=2',
    );
    expect(gridReturnHref(gridReturnState(read('')))).toBe('/provider/requests');
  });

  it('returns to the plain grid when the request was not opened from it', () => {
    expect(gridReturnHref(null)).toBe('/provider/requests');
    expect(gridReturnHref(undefined)).toBe('/provider/requests');
    expect(gridReturnHref({ other: 'state' })).toBe('/provider/requests');
    expect(gridReturnHref({ gridSearch: 42 })).toBe('/provider/requests');
  });

  it('keeps only what the grid reads from a state someone else wrote', () => {
    expect(gridReturnHref({ gridSearch: 'status=nonsense&client=nov&next=https://example.com' })).toBe(
      '/provider/requests?client=nov',
    );
  });
});
