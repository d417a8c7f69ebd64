import * as z from 'zod/mini';
import { ReportDay, type InboxReportQuery } from '@/contract';

// The report's range and filters in the URL (shareable, kept on Back). Each falls back on its own.

export const ReportSearch = z.lazy(() =>
  z.object({
    /** Which report; the inbox's when absent. */
    view: z.catch(z.optional(z.enum(['inbox', 'pipeline', 'sla'])), undefined),
    from: z.catch(z.optional(ReportDay), undefined),
    to: z.catch(z.optional(ReportDay), undefined),
    channel: z.catch(z.optional(z.guid()), undefined),
    target: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_080))), undefined),
  }),
);
export type ReportSearch = z.infer<typeof ReportSearch>;

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last 7 days (today included) unless the URL says otherwise; the target defaults to an hour. */
export function reportQueryOf(search: ReportSearch, now = Date.now()): InboxReportQuery {
  const to = search.to ?? isoDay(now);
  const from = search.from ?? isoDay(Date.parse(`${to}T00:00:00.000Z`) - 6 * DAY_MS);
  return { from, to, channel: search.channel, target: search.target ?? 60 };
}

/** "2 h 5 min", "45 s": a duration in seconds as people read it. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${String(Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${String(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${String(hours)} h ${String(minutes % 60)} min`;
  return `${String(Math.floor(hours / 24))} d ${String(hours % 24)} h`;
}
