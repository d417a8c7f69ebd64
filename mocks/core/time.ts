// Durations the seed and the rules count in, and the one way a moment becomes a response's date-time.
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const iso = (ms: number) => new Date(ms).toISOString();
