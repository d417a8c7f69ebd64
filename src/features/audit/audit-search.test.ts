import { describe, expect, it } from 'vitest';
import { AuditSearch, filtersFromSearch, isFiltered, rangeIsBackwards, startOfDay } from './audit-search';

describe('the audit page URL', () => {
  it('drops malformed values instead of failing the page', () => {
    const search = AuditSearch.parse({
      outcome: 'exploded',
      from: '23/11/2026',
      page: '-2',
      limit: '7',
      user: ' ',
    });
    expect(search).toEqual({});
    expect(isFiltered(search)).toBe(false);
  });

  it('keeps valid filters and pages', () => {
    const search = AuditSearch.parse({ user: 'ana@example.com', outcome: 'refused', page: '3', limit: '50' });
    expect(filtersFromSearch(search)).toEqual({
      user: 'ana@example.com',
      outcome: 'refused',
      page: 3,
      limit: 50,
    });
    expect(isFiltered(search)).toBe(true);
  });

  it('turns calendar days into a range that includes the last day', () => {
    const filters = filtersFromSearch({ from: '2026-11-01', to: '2026-11-23' });
    expect(filters.from).toBe(new Date(2026, 10, 1).toISOString());
    expect(filters.to).toBe(new Date(2026, 10, 24).toISOString());
  });

  it('sends no dates for a backwards range, and says it is backwards', () => {
    const search = { from: '2026-11-23', to: '2026-11-01' };
    expect(rangeIsBackwards(search)).toBe(true);
    expect(filtersFromSearch(search)).toEqual({ page: 1, limit: 20 });
  });

  it('refuses a day that does not exist', () => {
    expect(startOfDay('2026-02-30')).toBeNull();
    expect(startOfDay('2026-12-31', 1)).toBe(new Date(2027, 0, 1).toISOString());
  });
});
