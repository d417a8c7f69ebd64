/**
 * A deep copy of the fake's store: plain objects, arrays, Maps, Sets and Dates, with shared
 * references kept shared (a thread's `byId` and the in-flight deliveries point at the same message
 * objects as its `messages`). It does what `structuredClone` does for this data, about three times
 * faster, which matters because every test resets the fake to its seed.
 */
export function cloneStore<T>(value: T): T {
  const seen = new Map<object, unknown>();
  const copy = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    const known = seen.get(v);
    if (known !== undefined) return known;
    if (Array.isArray(v)) {
      const out: unknown[] = new Array<unknown>(v.length);
      seen.set(v, out);
      for (let i = 0; i < v.length; i++) out[i] = copy(v[i]);
      return out;
    }
    if (v instanceof Map) {
      const out = new Map<unknown, unknown>();
      seen.set(v, out);
      for (const [k, x] of v) out.set(k, copy(x));
      return out;
    }
    if (v instanceof Set) {
      const out = new Set<unknown>();
      seen.set(v, out);
      for (const x of v) out.add(copy(x));
      return out;
    }
    if (v instanceof Date) return new Date(v.getTime());
    const out: Record<string, unknown> = {};
    seen.set(v, out);
    for (const key in v) out[key] = copy((v as Record<string, unknown>)[key]);
    return out;
  };
  return copy(value) as T;
}
