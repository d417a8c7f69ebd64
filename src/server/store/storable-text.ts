// Text the BFF's database cannot hold, made storable. PostgreSQL refuses U+0000 in every text and
// jsonb value (and in a jsonb's "\u0000" escape), and a lone UTF-16 surrogate has no UTF-8 form:
// the drivers turn it into U+FFFD in a text parameter, but JSON.stringify writes it as an escape
// ("\ud800") that jsonb refuses. Upstream data and request parameters may hold either, and one such
// value once stopped a whole writer (issue 34). Applied where the BFF stores text it did not write
// itself; the upstream keeps the original.
//
// Each is replaced with U+FFFD (the replacement character) rather than removed: the stored value
// still shows that something was there, and two different values ("1\u00002" and "12", an id and a
// forged look-alike) never become the same one.

const REPLACEMENT = '\uFFFD';
// U+0000, a high surrogate not followed by a low one, a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Most text has neither: a test first, so the common case builds no new string.
// eslint-disable-next-line no-control-regex -- as above
const HAS_UNSTORABLE = /[\u0000\uD800-\uDFFF]/;

/** The text with U+0000 and lone surrogates replaced by U+FFFD. */
export function storableText(text: string): string;
export function storableText(text: string | null): string | null;
export function storableText(text: string | null): string | null {
  if (text === null || !HAS_UNSTORABLE.test(text)) return text;
  return text.replace(UNSTORABLE, REPLACEMENT);
}

/** A value with every string in it, keys too, made storable (for a jsonb column or JSON text). */
export function storableValue(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storableValue);
  // Dates and the like go as JSON.stringify writes them (toJSON), then are made storable.
  if (value !== null && typeof value === 'object') {
    const json = (value as { toJSON?: unknown }).toJSON;
    if (typeof json === 'function') return storableValue(json.call(value));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storableValue(v)]));
  }
  return value;
}

/** JSON text that a jsonb (or text) column takes: every string in it, keys too, made storable. */
export function storableJson(value: unknown): string {
  return JSON.stringify(storableValue(value));
}
