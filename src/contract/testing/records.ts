import type { Activity, Contact, Conversation, Customer, Lead, LeadStage, Message } from '../index';

// Whole records for tests on every side (the rules', the writers', the components'): each as the
// contract describes it, with what a test changes. In the contract's zone, so its own tests use them.

let n = 0;
/** A fresh GUID-shaped id, different on every call. */
export const nextId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const at = (seconds: number) => new Date(1_700_000_000_000 + seconds * 1000).toISOString();

export const conversation = (extra: Partial<Conversation> = {}): Conversation => ({
  id: nextId(),
  channel_id: null,
  external_thread_id: '447700900123',
  status: 'open',
  contact_id: null,
  customer_id: null,
  lead_id: null,
  assigned_to_user_id: null,
  last_message_at: at(0),
  is_group: false,
  group_subject: null,
  group_participant_count: null,
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

export const lead = (extra: Partial<Lead> = {}): Lead => ({
  id: nextId(),
  name: 'Lead',
  status: 'new',
  created_at: at(0),
  updated_at: at(0),
  ...extra,
});

export const stage = (key: string, position: number, extra: Partial<LeadStage> = {}): LeadStage => ({
  id: nextId(),
  key,
  name: key,
  color: '#3b82f6',
  position,
  is_default: false,
  is_won: false,
  is_lost: false,
  is_system: false,
  created_at: at(0),
  updated_at: at(0),
  ...extra,
});

export const customer = (extra: Partial<Customer> = {}): Customer => ({
  id: nextId(),
  name: 'Customer',
  status: 'active',
  created_at: at(0),
  updated_at: at(0),
  ...extra,
});

export const contact = (customerId: string, extra: Partial<Contact> = {}): Contact => ({
  id: nextId(),
  customer_id: customerId,
  first_name: 'Ada',
  last_name: 'Lovelace',
  created_at: at(0),
  ...extra,
});

export const activity = (second: number, extra: Partial<Activity> = {}): Activity => ({
  id: nextId(),
  activity_type: 'call',
  subject: `a${String(second)}`,
  created_at: at(second),
  ...extra,
});
