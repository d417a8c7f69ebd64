/**
 * Form controls hold strings; records and request bodies hold optional, typed values. These are the
 * conversions every details form makes between the two.
 */

type Stored = string | number | null | undefined;

/** A stored value as a control holds it: nothing is an empty field. */
export const textOf = (value: Stored): string => (value === null || value === undefined ? '' : String(value));

/** Each key of a record as a control holds it. */
export function textsOf<K extends string>(
  record: Partial<Record<K, Stored>>,
  keys: readonly K[],
): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, textOf(record[key])])) as Record<K, string>;
}

/** The trimmed text, or undefined when it is blank (a blank field is left out of a body). */
export function filledOrUndefined(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The keys' trimmed texts for a create body; blank fields are left out. */
export function filledTexts<K extends string>(
  values: Record<K, string>,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = filledOrUndefined(values[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * The keys whose trimmed text differs from what the form started with, for a PATCH: only what
 * changed goes, so a save never overwrites a field someone else edited meanwhile. A cleared field
 * travels as '' (the upstream clears it).
 */
export function changedTexts<K extends string>(
  values: Record<K, string>,
  before: Record<K, string>,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = values[key].trim();
    if (value !== before[key].trim()) out[key] = value;
  }
  return out;
}

/** The entries of a body whose value differs from the record's (compared as stored, ===). */
export function changedEntries(body: Record<string, unknown>, record: object): Record<string, unknown> {
  const stored = record as Record<string, unknown>;
  return Object.fromEntries(Object.entries(body).filter(([key, value]) => stored[key] !== value));
}
