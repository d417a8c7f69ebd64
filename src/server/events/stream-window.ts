// How a reader of the Redis stream knows that something it had not read yet was trimmed away
// (issue 34: a reader that falls behind must say so, never read on as if nothing happened).
//
// Stream ids are not consecutive, so the ids alone cannot say whether an entry between two of them
// is missing. Counts can: Redis 7 reports `entries-added` (every entry ever added) and `length`
// (those still there); trimming only removes the oldest, so `entries-added - length` entries are
// gone, all of them the first ones. A reader that counts what it read (starting from
// `entries-added` when it opened at the newest entry) missed something exactly when more entries
// are gone than it has read. Read together with the entries in one MULTI, the answer is exact.
// Before Redis 7 there are no counts; the closest sign is that the entry last read is gone.

/** What XINFO STREAM says that matters here. */
export interface StreamInfo {
  readonly lastGeneratedId: string;
  /** Every entry ever added to the stream; absent before Redis 7. */
  readonly entriesAdded: number | undefined;
  readonly length: number;
}

/** Where a reader stands: the last id it read, and how many entries the stream had held up to it. */
export interface ReadPlace {
  readonly id: string;
  /** Undefined before Redis 7 (no counts to compare). */
  readonly count: number | undefined;
}

/** XINFO STREAM's flat reply (name, value, name, value, ...). */
export function parseStreamInfo(reply: unknown): StreamInfo {
  const fields = Array.isArray(reply) ? (reply as unknown[]) : [];
  const field = (name: string): unknown => {
    const i = fields.indexOf(name);
    return i >= 0 && i % 2 === 0 ? fields[i + 1] : undefined;
  };
  const lastGeneratedId = field('last-generated-id');
  const entriesAdded = field('entries-added');
  const length = field('length');
  return {
    lastGeneratedId: typeof lastGeneratedId === 'string' ? lastGeneratedId : '0-0',
    entriesAdded: typeof entriesAdded === 'number' ? entriesAdded : undefined,
    length: typeof length === 'number' ? length : 0,
  };
}

/** The place of a reader that opens at the stream's newest entry (null: no stream yet). */
export function placeAtEnd(info: StreamInfo | null): ReadPlace {
  if (info === null) return { id: '0-0', count: 0 };
  return { id: info.lastGeneratedId, count: info.entriesAdded };
}

/**
 * Whether entries after `place` are gone, judged from the stream as it was when the next `read`
 * entries after `place` were read (in the same MULTI), and the count after those entries.
 * `placeKept`: whether the entry at `place.id` was still there then (what Redis 6 goes by).
 */
export function judgeRead(
  place: ReadPlace,
  info: StreamInfo | null,
  placeKept: boolean,
  read: number,
): { readonly gap: boolean; readonly count: number | undefined } {
  if (info === null) {
    // No stream at all: whatever this reader had read before is gone with it (Redis lost its data).
    return { gap: place.id !== '0-0', count: place.count === undefined ? undefined : 0 };
  }
  if (info.entriesAdded !== undefined && place.count !== undefined) {
    const trimmed = info.entriesAdded - info.length;
    // The entry last read gone although it was not among the trimmed ones, or fewer entries added
    // than were read: the stream began again (Redis restarted without its data).
    const vanished = place.id !== '0-0' && !placeKept && trimmed < place.count;
    const gap = trimmed > place.count || info.entriesAdded < place.count || vanished;
    // After a gap the first entry read is the stream's first: the trimmed ones came before it.
    return { gap, count: (gap ? trimmed : place.count) + read };
  }
  return { gap: place.id !== '0-0' && !placeKept, count: undefined };
}

/** The oldest Redis the bus runs on: `XADD … MINID` (trimming by age) came with 6.2. */
export const MIN_REDIS_VERSION = [6, 2] as const;

/** Whether INFO's `redis_version` is at least MIN_REDIS_VERSION; true when INFO does not say. */
export function redisVersionFits(info: string): boolean {
  const match = /^redis_version:(\d+)\.(\d+)/m.exec(info);
  if (!match) return true;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major > MIN_REDIS_VERSION[0] || (major === MIN_REDIS_VERSION[0] && minor >= MIN_REDIS_VERSION[1]);
}
