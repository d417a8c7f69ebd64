/** Plain code-unit order: ISO times and ids compare correctly without a locale. */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Newest first by `created_at`, then by id so equal times still give one stable order. */
export const newestFirst = (a: { id: string; created_at: string }, b: { id: string; created_at: string }) =>
  compareText(b.created_at, a.created_at) || compareText(a.id, b.id);
