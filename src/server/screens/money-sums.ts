// Sums of lead values, for the board's columns and the pipeline report's forecast. Each value the
// upstream sends is a finite number, but a sum of them, or a value times its probability, can pass
// Number.MAX_VALUE and become Infinity, which JSON writes as null: the answer would break its own
// contract and the screen that reads it. A sum saturates at the largest finite number instead, so
// the figure still says "more than anything" and every other figure on the screen stays readable.

const saturate = (n: number): number =>
  Number.isNaN(n) ? 0 : Math.min(Number.MAX_VALUE, Math.max(-Number.MAX_VALUE, n));

/** `sum + value`, kept finite. */
export const addMoney = (sum: number, value: number): number => saturate(sum + value);

/** A value weighted by its probability, a percentage (the spec) that counts as its bound when outside
 *  0 to 100. Divided first, so the largest value at 100 % is itself rather than Infinity. */
export const weightedValue = (value: number, probability: number | null | undefined): number =>
  saturate(value * (Math.min(100, Math.max(0, probability ?? 0)) / 100));

/** A sum PostgreSQL added exactly (numeric, as its decimal text): the nearest number, kept finite. */
export const moneyOf = (decimal: string): number => saturate(Number(decimal));
