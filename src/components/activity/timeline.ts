import type { Activity } from '@/contract';

/** An activity whose outcome asks for a follow-up: highlighted wherever a timeline shows it. */
export const isFollowUp = (activity: Pick<Activity, 'outcome'>): boolean =>
  activity.outcome === 'follow_up_needed';

/**
 * Activities that need a follow-up are pinned above the timeline (newest first, as the server
 * sent them); the rest keep the server's order. Nothing is shown twice.
 */
export function splitTimeline(activities: readonly Activity[]): { followUps: Activity[]; rest: Activity[] } {
  const followUps: Activity[] = [];
  const rest: Activity[] = [];
  for (const activity of activities) (isFollowUp(activity) ? followUps : rest).push(activity);
  return { followUps, rest };
}

/** A Date as the value of an `<input type="datetime-local">`, in the user's own time zone. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (local time) as an ISO instant, or null when it is not a date. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** "45 min", "1 h 30 min". */
export function durationText(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || minutes <= 0) return '';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${String(h)} h` : '', m ? `${String(m)} min` : ''].filter(Boolean).join(' ');
}
