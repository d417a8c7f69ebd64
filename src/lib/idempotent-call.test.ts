import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyKeeper, newKey } from './idempotent-call';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe('idempotency keys', () => {
  it('are version-4 UUIDs, also where crypto.randomUUID is missing (a plain-http address)', () => {
    expect(newKey()).toMatch(UUID_V4);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a) });
    const keys = new Set(Array.from({ length: 50 }, () => newKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it('stay the same for the same content until it succeeded, and change with the content', () => {
    const keeper = keyKeeper();
    const first = keeper.keyFor({ text: 'hello' });
    expect(keeper.keyFor({ text: 'hello' })).toBe(first);
    expect(keeper.keyFor({ text: 'hello!' })).not.toBe(first);
    const again = keeper.keyFor({ text: 'hello' });
    keeper.done();
    expect(keeper.keyFor({ text: 'hello' })).not.toBe(again);
  });
});
