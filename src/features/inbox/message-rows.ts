import type { Message, Note } from '@/contract';
import { calendarDate } from '@/lib/format';

// The rows of a thread's message list (pure): oldest first, a day separator wherever the day
// changes, the team's notes among the messages by time, and whether a bubble shows its sender.

/** A row of the thread: a day separator, a message, or a private note. */
export type Row =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: Message; showSender: boolean; sender: string | null }
  | { kind: 'note'; key: string; note: Note };

const dayKey = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getFullYear())}-${String(d.getMonth() + 1)}-${String(d.getDate())}`;
};

function dayLabel(iso: string, now: Date): string {
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === dayKey(yesterday.toISOString())) return 'Yesterday';
  return calendarDate(iso);
}

/** Who on the team sent a message, as the BFF recorded it (null: not recorded). */
export type AuthorOf = (message: Message) => string | null;
export const NO_AUTHOR: AuthorOf = () => null;

/**
 * Oldest first, with a day separator wherever the day changes; the team's private notes (oldest
 * first) sit among the messages by time.
 */
export function buildRows(
  newestFirst: readonly Message[],
  isGroup: boolean,
  now = new Date(),
  notes: readonly Note[] = [],
  authorOf: AuthorOf = NO_AUTHOR,
): Row[] {
  const rows: Row[] = [];
  let lastDay = '';
  let lastSender = '';
  let nextNote = 0;
  const dayOf = (iso: string) => {
    const day = dayKey(iso);
    if (day === lastDay) return;
    rows.push({ kind: 'day', key: `day-${day}`, label: dayLabel(iso, now) });
    lastDay = day;
    lastSender = '';
  };
  const notesBefore = (iso: string | null) => {
    while (nextNote < notes.length && (iso === null || notes[nextNote]!.createdAt < iso)) {
      const note = notes[nextNote++]!;
      dayOf(note.createdAt);
      rows.push({ kind: 'note', key: `note-${note.id}`, note });
      lastSender = '';
    }
  };
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    const message = newestFirst[i]!;
    notesBefore(message.created_at);
    dayOf(message.created_at);
    // A teammate the BFF recorded (or the AI agent) before the upstream's name for the workspace.
    const name = authorOf(message) ?? (message.sender_name || null);
    const sender = `${message.direction}:${name ?? ''}`;
    rows.push({
      kind: 'message',
      key: message.id,
      message,
      showSender: sender !== lastSender && (isGroup || message.direction === 'outbound'),
      sender: name,
    });
    lastSender = sender;
  }
  notesBefore(null);
  return rows;
}
