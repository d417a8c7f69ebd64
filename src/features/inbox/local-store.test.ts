import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bindStorageToUser } from '@/lib/user-storage';
import { discardMessage, loadDiscarded, loadDraft, saveDraft } from './local-store';

// Node has no localStorage: give this file a small in-memory one.
const memory = new Map<string, string>();
Object.defineProperty(globalThis, 'localStorage', {
  configurable: true,
  value: {
    get length() {
      return memory.size;
    },
    key: (i: number) => [...memory.keys()][i] ?? null,
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, v),
    removeItem: (k: string) => void memory.delete(k),
  },
});

describe('local store', () => {
  beforeAll(() => bindStorageToUser('ana@acme.test'));
  beforeEach(() => memory.clear());

  it('keeps one draft per conversation, under the signed-in user, and forgets an empty one', () => {
    saveDraft('a', 'hello');
    saveDraft('b', 'other');
    expect(loadDraft('a')).toBe('hello');
    expect(loadDraft('b')).toBe('other');
    expect([...memory.keys()].every((k) => k.includes('ana%40acme.test'))).toBe(true);
    saveDraft('a', '');
    expect(loadDraft('a')).toBe('');
    expect(memory.size).toBe(1);
  });

  it('remembers discarded messages per conversation', () => {
    discardMessage('a', 'm1');
    discardMessage('a', 'm2');
    expect([...loadDiscarded('a')]).toEqual(['m1', 'm2']);
    expect(loadDiscarded('b').size).toBe(0);
  });

  it('survives a corrupted entry', () => {
    memory.set('chatdesk:u:ana%40acme.test:inbox:discarded:a', '{not json');
    expect(loadDiscarded('a').size).toBe(0);
  });
});
