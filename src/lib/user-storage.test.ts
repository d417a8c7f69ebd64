import { beforeEach, describe, expect, it } from 'vitest';
import {
  bindStorageToUser,
  clearUserStorage,
  readUserValue,
  storageUser,
  writeUserValue,
} from './user-storage';

// Node has neither storage: give this file small in-memory ones with the Storage interface.
function memoryStorage(): Storage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
  };
}
const local = memoryStorage();
const session = memoryStorage();
Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: local });
Object.defineProperty(globalThis, 'sessionStorage', { configurable: true, value: session });

describe('per-user browser storage', () => {
  beforeEach(() => {
    bindStorageToUser(null);
    local.clear();
    session.clear();
  });

  it('keeps each user’s values apart: the next user on the browser reads none of them', () => {
    bindStorageToUser('ana@acme.test');
    writeUserValue('inbox:draft:t1', 'Ana was typing this');
    expect(readUserValue('inbox:draft:t1')).toBe('Ana was typing this');
    bindStorageToUser('marco@acme.test');
    expect(readUserValue('inbox:draft:t1')).toBeNull();
    writeUserValue('inbox:draft:t1', 'Marco’s own');
    bindStorageToUser('ana@acme.test');
    expect(readUserValue('inbox:draft:t1')).toBe('Ana was typing this');
  });

  it('removes everything of the signed-out user at sign-out, and only theirs', () => {
    bindStorageToUser('marco@acme.test');
    writeUserValue('inbox:draft:t1', 'Marco’s');
    bindStorageToUser('ana@acme.test');
    writeUserValue('inbox:draft:t1', 'Ana’s');
    writeUserValue('inbox.ai-agent:t2', 'agent-1');
    session.setItem('tsr-scroll-restoration-v1_3', '{"/inbox/t1":{}}');
    clearUserStorage();
    expect(storageUser()).toBeNull();
    expect([...local.map.keys()].some((k) => k.includes('ana'))).toBe(false);
    expect(session.length).toBe(0);
    bindStorageToUser('marco@acme.test');
    expect(readUserValue('inbox:draft:t1')).toBe('Marco’s');
  });

  it('drops values stored before storage was per user, which belong to no one', () => {
    local.setItem('inbox:draft:t1', 'whose?');
    local.setItem('inbox.ai-agent.t2', 'agent-1');
    local.setItem('unrelated', 'kept');
    bindStorageToUser('ana@acme.test');
    expect([...local.map.keys()]).toEqual(['unrelated']);
  });

  it('keeps values in memory only while nobody is signed in', () => {
    writeUserValue('inbox:draft:t1', 'before sign-in');
    expect(readUserValue('inbox:draft:t1')).toBe('before sign-in');
    expect(local.length).toBe(0);
    bindStorageToUser('ana@acme.test');
    expect(readUserValue('inbox:draft:t1')).toBeNull();
  });

  it('removes a value written as null', () => {
    bindStorageToUser('ana@acme.test');
    writeUserValue('k', 'v');
    writeUserValue('k', null);
    expect(readUserValue('k')).toBeNull();
    expect(local.length).toBe(0);
  });
});
