// A Retry-After header as milliseconds from `now`: delta-seconds (a decimal too) or an HTTP date
// (one in the past is 0); null when absent or unreadable. One reading for the BFF (the upstream's
// 429 and 503) and the browser (the BFF's), each capping it as it needs.
export function retryAfterMs(
  value: string | readonly string[] | null | undefined,
  now: number,
): number | null {
  const first = typeof value === 'string' ? value : value?.[0];
  const text = first?.trim() ?? '';
  if (text === '') return null;
  // An HTTP date names its day and month; a bare number that is not delta-seconds ("-1") is not one.
  const ms = /^\d+(\.\d+)?$/.test(text)
    ? Number(text) * 1000
    : /[a-z]/i.test(text)
      ? Date.parse(text) - now
      : Number.NaN;
  return Number.isFinite(ms) ? Math.max(0, Math.round(ms)) : null;
}
