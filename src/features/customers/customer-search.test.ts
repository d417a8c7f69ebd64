import { describe, expect, it } from 'vitest';
import { CustomerSearch, filtersFromSearch, searchFromFilters } from './customer-search';

describe('customer list search params', () => {
  it('reads filters and paging from the URL', () => {
    const search = CustomerSearch.parse({ status: 'active', type: 'business', page: '3', limit: '50' });
    expect(filtersFromSearch(search)).toEqual({
      status: 'active',
      customer_type: 'business',
      page: 3,
      limit: 50,
    });
  });

  it('falls back to defaults for bad values instead of failing', () => {
    const search = CustomerSearch.parse({ status: 'deleted', type: 7, page: '-2', limit: '33' });
    expect(filtersFromSearch(search)).toEqual({
      status: undefined,
      customer_type: undefined,
      page: 1,
      limit: 20,
    });
  });

  it('writes short URLs: defaults are left out', () => {
    expect(searchFromFilters({ page: 1, limit: 20 })).toEqual({
      status: undefined,
      type: undefined,
      page: undefined,
      limit: undefined,
    });
    expect(searchFromFilters({ status: 'prospect', page: 2, limit: 10 })).toMatchObject({
      status: 'prospect',
      page: 2,
      limit: 10,
    });
  });
});
