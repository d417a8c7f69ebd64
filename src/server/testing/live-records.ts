import type {
  Contact,
  Conversation,
  Customer,
  Lead,
  LeadStage,
  Message,
  QuickReply,
  Tag,
} from '../../contract';

// Small, valid records for the live sync's tests: each builder takes the fields a test cares about.

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
/** An ISO time `s` seconds after the fixtures' epoch. */
export const at = (s: number): string => new Date(T0 + s * 1000).toISOString();

/** A well-formed id from a small number, readable in failures. */
export const uuid = (n: number, prefix = '00000000'): string =>
  `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const conversation = (n: number, over: Partial<Conversation> = {}): Conversation => ({
  id: uuid(n, 'c0c0c0c0'),
  channel_id: null,
  external_thread_id: `4470000${String(n).padStart(5, '0')}`,
  status: 'open',
  contact_id: null,
  customer_id: null,
  lead_id: null,
  assigned_to_user_id: null,
  last_message_at: at(n),
  is_group: false,
  group_subject: null,
  group_participant_count: null,
  created_at: at(0),
  updated_at: at(n),
  ...over,
});

export const message = (conversationN: number, n: number, over: Partial<Message> = {}): Message => ({
  id: uuid(conversationN * 1000 + n, 'a1a1a1a1'),
  conversation_id: uuid(conversationN, 'c0c0c0c0'),
  direction: 'inbound',
  type: 'text',
  text: `message ${n}`,
  media: null,
  status: 'delivered',
  error_reason: null,
  sender_name: 'Sofia',
  from_me: false,
  platform_message_id: `wamid.${n}`,
  created_at: at(n),
  ...over,
});

export const lead = (n: number, over: Partial<Lead> = {}): Lead => ({
  id: uuid(n, '1ead1ead'),
  name: `Lead ${n}`,
  status: 'new',
  created_at: at(n),
  updated_at: at(n),
  ...over,
});

export const stage = (n: number, key: string, over: Partial<LeadStage> = {}): LeadStage => ({
  id: uuid(n, '57a6e000'),
  key,
  name: key,
  color: '#3b82f6',
  position: n,
  is_system: false,
  is_default: n === 0,
  is_won: false,
  is_lost: false,
  created_at: at(0),
  updated_at: at(0),
  ...over,
});

export const customer = (n: number, over: Partial<Customer> = {}): Customer => ({
  id: uuid(n, 'c057c057'),
  name: `Customer ${n}`,
  status: 'active',
  created_at: at(n),
  updated_at: at(n),
  ...over,
});

export const contact = (n: number, customerN: number, over: Partial<Contact> = {}): Contact => ({
  id: uuid(n, 'c0ac7000'),
  customer_id: uuid(customerN, 'c057c057'),
  first_name: `Person ${n}`,
  created_at: at(n),
  ...over,
});

export const tag = (n: number, name = `tag ${n}`): Tag => ({
  id: uuid(n, '7a670000'),
  name,
  color: '#888888',
});

export const quickReply = (n: number, over: Partial<QuickReply> = {}): QuickReply => ({
  id: uuid(n, '9e1e1e1e'),
  title: `Reply ${n}`,
  body: 'Thanks!',
  shortcut: `r${n}`,
  created_at: at(n),
  updated_at: at(n),
  ...over,
});
