import { describe, expect, it } from 'vitest';
import { BULK_MAX_ITEMS, ConversationBulkBody, LeadBulkBody } from './bulk';
import { roleCan } from './roles';

// What the BFF refuses with a 400 before a bulk action is kept (the route parses bodies with these
// schemas), and who may start which.

const id = (n: number) => `c0c0c0c0-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('a bulk action body', () => {
  it('takes up to the limit of ids, and no more', () => {
    const ids = Array.from({ length: BULK_MAX_ITEMS }, (_, i) => id(i));
    expect(ConversationBulkBody.safeParse({ action: 'close', selection: { ids } }).success).toBe(true);
    expect(
      ConversationBulkBody.safeParse({ action: 'close', selection: { ids: [...ids, id(9_999)] } }).success,
    ).toBe(false);
    expect(ConversationBulkBody.safeParse({ action: 'close', selection: { ids: [] } }).success).toBe(false);
  });

  it('refuses an unknown action, a lead action on threads, and ids that are not ids', () => {
    const selection = { ids: [id(1)] };
    expect(ConversationBulkBody.safeParse({ action: 'explode', selection }).success).toBe(false);
    expect(ConversationBulkBody.safeParse({ action: 'delete', selection }).success).toBe(false);
    expect(LeadBulkBody.safeParse({ action: 'close', selection }).success).toBe(false);
    expect(ConversationBulkBody.safeParse({ action: 'close', selection: { ids: ['x\u0000'] } }).success).toBe(
      false,
    );
    expect(ConversationBulkBody.safeParse({ action: 'close', selection: { ids: ['\uD800'] } }).success).toBe(
      false,
    );
  });

  it('takes a filter only with how many the person saw, and a search no longer than the list takes', () => {
    const filter = { status: 'open', search: 'ana' };
    expect(ConversationBulkBody.safeParse({ action: 'close', selection: { filter } }).success).toBe(false);
    expect(
      ConversationBulkBody.safeParse({ action: 'close', selection: { filter, expected: 12 } }).success,
    ).toBe(true);
    expect(
      ConversationBulkBody.safeParse({
        action: 'close',
        selection: { filter: { search: 'x'.repeat(201) }, expected: 1 },
      }).success,
    ).toBe(false);
    expect(
      ConversationBulkBody.safeParse({ action: 'close', selection: { filter, expected: BULK_MAX_ITEMS + 1 } })
        .success,
    ).toBe(false);
    expect(
      ConversationBulkBody.safeParse({
        action: 'snooze',
        args: { until: 'tomorrow' },
        selection: { ids: [id(1)] },
      }).success,
    ).toBe(false);
  });
});

describe('who may start a bulk action', () => {
  it('lets every role act on threads, and only managers and admins on leads', () => {
    expect(roleCan('agent', 'bulk.conversations')).toBe(true);
    expect(roleCan('agent', 'bulk.leads')).toBe(false);
    expect(roleCan('manager', 'bulk.leads')).toBe(true);
    expect(roleCan('admin', 'bulk.leads')).toBe(true);
    expect(roleCan('agent', 'bulk.get')).toBe(true);
  });
});
