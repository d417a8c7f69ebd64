import { expect, it } from 'vitest';
import { withoutRefusedItems } from './refused-items';

// Only the items a schema refused are taken out of a list answer; a fault elsewhere refuses it all.

const page = { data: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], total: 3, hasMore: false };

it('takes out the refused items of a page, an envelope list or a bare list, and keeps the rest', () => {
  expect(
    withoutRefusedItems(page, [{ path: ['data', 1, 'created_at'] }, { path: ['data', 1, 'value'] }]),
  ).toEqual({
    value: { data: [{ id: 'a' }, { id: 'c' }], total: 3, hasMore: false },
    dropped: 1,
  });
  expect(withoutRefusedItems({ customers: [1, 2], totalPages: 1 }, [{ path: ['customers', 0] }])).toEqual({
    value: { customers: [2], totalPages: 1 },
    dropped: 1,
  });
  expect(withoutRefusedItems(['x', 'y'], [{ path: [0, 'name'] }])).toEqual({ value: ['y'], dropped: 1 });
});

it('refuses to trim when a fault lies outside the list items, or when no item fits', () => {
  expect(
    withoutRefusedItems(page, [
      { path: ['data', 0, 'id'] },
      { path: ['data', 1, 'id'] },
      { path: ['data', 2] },
    ]),
  ).toBeNull();
  expect(withoutRefusedItems(page, [{ path: ['total'] }])).toBeNull();
  expect(withoutRefusedItems(page, [{ path: ['data', 0, 'id'] }, { path: ['hasMore'] }])).toBeNull();
  expect(withoutRefusedItems(page, [{ path: ['data'] }])).toBeNull();
  expect(withoutRefusedItems({ data: 'not a list' }, [{ path: ['data', 0] }])).toBeNull();
  expect(withoutRefusedItems(null, [{ path: [0] }])).toBeNull();
  expect(withoutRefusedItems(page, [])).toBeNull();
});
