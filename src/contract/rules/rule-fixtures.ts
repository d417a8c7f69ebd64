import type { Message } from '../conversations';
import type { Lead } from '../leads';

// Records for the rules' tests (the contract's zone imports nothing outside it, src/test included).

let n = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, second)).toISOString();

export const lead = (extra: Partial<Lead> = {}): Lead => ({
  id: nextId(),
  name: 'Lead',
  status: 'new',
  created_at: at(0),
  updated_at: at(0),
  ...extra,
});

export const message = (conversationId: string, second: number, extra: Partial<Message> = {}): Message => ({
  id: nextId(),
  conversation_id: conversationId,
  direction: 'outbound',
  type: 'text',
  text: `m${String(second)}`,
  media: null,
  status: 'sent',
  error_reason: null,
  sender_name: 'Ana',
  from_me: true,
  platform_message_id: '',
  created_at: at(second),
  ...extra,
});
