// The first gate of the proxy: a raw request target is refused before any route matching when it
// carries anything a legitimate client never sends. The client builds paths with buildPath, which
// only ever percent-encodes characters of a parameter (a group JID's `@`); everything else here is
// an attempt to make some layer (ours, undici, the upstream, a proxy in between) see another path.

export const MAX_TARGET_LENGTH = 2048;

export type GuardedTarget =
  | { readonly ok: true; readonly path: string; readonly query: string }
  | { readonly ok: false; readonly reason: string };

const HEX = /^[0-9A-Fa-f]{2}$/;

// Bytes that may appear percent-encoded in a path: printable ASCII other than the path syntax
// itself (`/`, `\`, `.`, `%`), which would change how a later decoder splits or resolves it.
const ENCODED_ALLOWED = new Uint8Array(256);
for (let b = 0x21; b < 0x7f; b++) ENCODED_ALLOWED[b] = 1;
for (const c of ['/', '\\', '.', '%']) ENCODED_ALLOWED[c.charCodeAt(0)] = 0;

// Raw characters allowed in a path: RFC 3986 unreserved, `%` (checked above), and the sub-delims
// and `@` a segment may hold. `:` is left out: no route has one and it spells schemes.
const RAW_ALLOWED = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~%/!$&'()*+,;=@") {
  RAW_ALLOWED[c.charCodeAt(0)] = 1;
}

// Query strings are parsed and re-serialised, so they only need to be free of control characters,
// non-ASCII and fragments.
const QUERY_ALLOWED = new Uint8Array(128);
for (let b = 0x21; b < 0x7f; b++) QUERY_ALLOWED[b] = 1;
QUERY_ALLOWED['#'.charCodeAt(0)] = 0;
QUERY_ALLOWED['\\'.charCodeAt(0)] = 0;

const refuse = (reason: string): GuardedTarget => ({ ok: false, reason });

/**
 * Checks a raw request target (`/api/crm/v1/leads?page=2`) and splits it. The path keeps its
 * percent-encoding; matching decodes each segment exactly once.
 */
export function guardTarget(rawTarget: string): GuardedTarget {
  if (rawTarget.length > MAX_TARGET_LENGTH) return refuse('too long');
  const q = rawTarget.indexOf('?');
  const path = q === -1 ? rawTarget : rawTarget.slice(0, q);
  const query = q === -1 ? '' : rawTarget.slice(q + 1);
  if (path.charCodeAt(0) !== 0x2f) return refuse('not an origin-form path');

  let segmentStart = 1;
  for (let i = 1; i <= path.length; i++) {
    const code = i < path.length ? path.charCodeAt(i) : 0x2f;
    if (code === 0x2f) {
      const len = i - segmentStart;
      if (len === 0) return refuse('empty segment');
      if (
        len <= 2 &&
        path.charCodeAt(segmentStart) === 0x2e &&
        (len === 1 || path.charCodeAt(segmentStart + 1) === 0x2e)
      ) {
        return refuse('dot segment');
      }
      segmentStart = i + 1;
      continue;
    }
    if (code >= 128 || RAW_ALLOWED[code] !== 1) return refuse('character not allowed in a path');
    if (code === 0x25) {
      const hex = path.slice(i + 1, i + 3);
      if (!HEX.test(hex)) return refuse('malformed percent-encoding');
      if (ENCODED_ALLOWED[Number.parseInt(hex, 16)] !== 1)
        return refuse('encoded character not allowed in a path');
      i += 2;
    }
  }

  for (let i = 0; i < query.length; i++) {
    const code = query.charCodeAt(i);
    if (code >= 128 || QUERY_ALLOWED[code] !== 1) return refuse('character not allowed in a query');
  }
  return { ok: true, path, query };
}
