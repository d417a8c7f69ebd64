import { describe, expect, it } from 'vitest';
import { InboxFilters, inboxQueryOf, SavedViewCreate } from './saved-views';
import { LabelCreate, ThreadLabelsChange } from './labels';

// The inbox's filters as views keep them, and what they mean to the list read.

const ID = '3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';

describe('InboxFilters', () => {
  it('takes every inbox filter and nothing else', () => {
    const all = { status: 'closed', owner: 'mine', channel: ID, q: 'refund', unread: true, label: ID };
    expect(InboxFilters.parse(all)).toEqual(all);
    expect(InboxFilters.safeParse({ note: '12' }).success).toBe(false);
    expect(InboxFilters.safeParse({ label: 'not-an-id' }).success).toBe(false);
    expect(InboxFilters.safeParse({ q: 'a\u0000' }).success).toBe(false);
    expect(InboxFilters.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
  });

  it('means the list read’s filters: mine is the viewer, open by default', () => {
    expect(inboxQueryOf({ owner: 'mine', label: ID }, 'u-1')).toEqual({
      status: 'open',
      assignedTo: 'u-1',
      channelId: undefined,
      search: undefined,
      unread: undefined,
      label: ID,
    });
    expect(inboxQueryOf({ owner: 'unassigned', status: 'closed' }, 'u-1')).toMatchObject({
      status: 'closed',
      assignedTo: 'none',
    });
    expect(inboxQueryOf({}, undefined).assignedTo).toBeUndefined();
  });
});

describe('bodies', () => {
  it('trims names and refuses empty or long ones and colours that are not hex', () => {
    expect(LabelCreate.parse({ name: '  VIP ', color: '#fff' }).name).toBe('VIP');
    expect(LabelCreate.safeParse({ name: '   ', color: '#fff' }).success).toBe(false);
    expect(LabelCreate.safeParse({ name: 'x'.repeat(41), color: '#fff' }).success).toBe(false);
    expect(LabelCreate.safeParse({ name: 'ok', color: 'red' }).success).toBe(false);
    expect(SavedViewCreate.safeParse({ name: 'v', scope: 'everyone', filters: {} }).success).toBe(false);
  });

  it('wants a thread change to add or remove something', () => {
    expect(ThreadLabelsChange.safeParse({}).success).toBe(false);
    expect(ThreadLabelsChange.safeParse({ add: [] }).success).toBe(false);
    expect(ThreadLabelsChange.safeParse({ remove: [ID] }).success).toBe(true);
  });
});
