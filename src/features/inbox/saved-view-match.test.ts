import { describe, expect, it } from 'vitest';
import { filtersOfSearch, InboxSearch } from './inbox-search';
import { sameFilters } from './saved-view-match';

// The URL's search is built from the one list of filters: a view keeps exactly those, and the
// view shown is the one whose filters the URL has, in any order.

const ID = '3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';

describe('the inbox search and views', () => {
  it('forgives a bad value in the URL, filter by filter', () => {
    expect(InboxSearch.parse({ label: 'nope', status: 'closed', owner: 'nobody' })).toMatchObject({
      status: 'closed',
      label: undefined,
      owner: undefined,
    });
  });

  it('keeps the filters of a search, without what only opens a thread', () => {
    const search = InboxSearch.parse({ label: ID, unread: true, note: '12', message: 'm-1' });
    expect(filtersOfSearch(search)).toEqual({ label: ID, unread: true });
  });

  it('matches a view whatever the order of its filters', () => {
    expect(sameFilters({ label: ID, status: 'closed' }, { status: 'closed', label: ID })).toBe(true);
    expect(sameFilters({ label: ID }, { label: ID, unread: true })).toBe(false);
    expect(sameFilters({}, {})).toBe(true);
  });
});
