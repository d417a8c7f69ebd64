import { createHash } from 'node:crypto';

// The Idempotency-Key header the browser sends with a send or a create (a UUID made when the person
// presses Send or Save, reused by Retry), and the fingerprint that ties a key to one request.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Says what a keyed answer is: `unknown` (not known yet: ask again), `replayed` (the recorded
 *  answer), `found` (a lost answer resolved by a lookup). */
export const OUTCOME_HEADER = 'idempotency-outcome';

const KEY_SHAPE = /^[A-Za-z0-9_-]{8,128}$/;
export const KEY_RULE = 'Idempotency-Key must be 8 to 128 letters, digits, "-" or "_" (a UUID fits)';

export type ParsedKey =
  { readonly kind: 'none' } | { readonly kind: 'key'; readonly key: string } | { readonly kind: 'bad' };

export function parseKey(header: string | string[] | undefined): ParsedKey {
  if (header === undefined) return { kind: 'none' };
  if (typeof header !== 'string' || !KEY_SHAPE.test(header)) return { kind: 'bad' };
  return { kind: 'key', key: header };
}

/** JSON with the keys of every object sorted, so the same request always prints the same. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
};

export function fingerprint(
  routeId: string,
  params: Readonly<Record<string, string>>,
  body: unknown,
): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical([routeId, params, body ?? null])))
    .digest('base64url');
}
