import type { Message } from '@/contract';

/**
 * A thread row's height in pixels before the browser has measured it, from what it holds and how
 * wide the list is. Rows are measured as soon as they mount; the estimate decides where the list
 * first puts the newest message. With one flat estimate (64 px) a thread opened on a phone, where
 * most messages wrap, landed mid-list and then scrolled to the end a frame later: the reader saw
 * old messages first and the newest painted late. The figures follow the row's CSS (14 px text on
 * 21 px lines, a bubble at most 75% wide or 36 rem, the row's action button beside it).
 */
export type EstimatedRow =
  | { kind: 'day' }
  | { kind: 'note'; note: { body: string } }
  | {
      kind: 'message';
      showSender: boolean;
      message: Pick<Message, 'type' | 'text' | 'status' | 'quoted_message_id'>;
    };

const LINE_PX = 21;
/** An average character of the system font at 14 px, word wrapping included. */
const CHAR_PX = 7;
/** Row padding, bubble border and padding, and the time line under the text. */
const MESSAGE_FRAME_PX = 39;
const SENDER_PX = 18;
const TEMPLATE_LABEL_PX = 17;
const QUOTE_PX = 42;
const FAILED_PX = 45;
const DAY_PX = 32;
/** Padding, header and the "only your team sees notes" line of a note. */
const NOTE_FRAME_PX = 62;
const MEDIA_PX: Partial<Record<Message['type'], number>> = {
  image: 126,
  video: 126,
  sticker: 96,
  audio: 40,
  document: 40,
  location: 40,
  contact: 37,
  poll: 80,
};

function lines(text: string | null | undefined, widthPx: number): number {
  if (!text) return 0;
  const perLine = Math.max(8, Math.floor(widthPx / CHAR_PX));
  return text
    .split('\n')
    .reduce((sum, paragraph) => sum + Math.max(1, Math.ceil(paragraph.length / perLine)), 0);
}

/** The width text gets inside a message bubble in a list `listWidth` pixels wide. */
function bubbleTextWidth(listWidth: number): number {
  const row = Math.max(0, listWidth - 32); // px-4
  return Math.min(row * 0.75, 576) - 36 - 26; // the action button and gap; bubble padding and border
}

export function estimateRowHeight(row: EstimatedRow | undefined, listWidth: number): number {
  if (!row || row.kind === 'day') return DAY_PX;
  if (row.kind === 'note') {
    const width = Math.max(0, listWidth - 32) * 0.8 - 26;
    return NOTE_FRAME_PX + LINE_PX * lines(row.note.body, width);
  }
  const { message } = row;
  const width = bubbleTextWidth(listWidth);
  const body =
    message.type === 'text' || message.type === 'template' || message.type === 'reaction'
      ? LINE_PX * Math.max(1, lines(message.text, width))
      : (MEDIA_PX[message.type] ?? LINE_PX) + LINE_PX * lines(message.text, width);
  return (
    MESSAGE_FRAME_PX +
    body +
    (row.showSender ? SENDER_PX : 0) +
    (message.type === 'template' ? TEMPLATE_LABEL_PX : 0) +
    (message.quoted_message_id ? QUOTE_PX : 0) +
    (message.status === 'failed' ? FAILED_PX : 0)
  );
}
