import type {
  Activity,
  Channel,
  Contact,
  Conversation,
  Customer,
  Lead,
  LeadStage,
  Message,
  QuickReply,
  Tag,
} from '../../src/contract';
import {
  contact as contactOf,
  conversation as conversationOf,
  customer as customerOf,
  lead as leadOf,
  message as messageOf,
  quickReply,
  stage,
  tag,
  uuid,
} from '../../src/server/testing/live-records';
import { TEST_USERS } from '../../src/server/testing/test-users';

// The scale benchmark's workspace (issue 35): record n of each kind is a pure function of n, so the
// seeder writes exactly what the generated upstream serves (the sync then reads a workspace that
// matches its tables, as after a catch-up), and a larger size only adds records.
//
// Ratios (stated in the report): per N leads, min(N, 50,000) threads with a page of 20 messages
// each, min(N / 2, 100,000) customers with 2 contacts each, every 7th lead flagged for follow-up.

export const MESSAGES_PER_THREAD = 20;
export const CONTACTS_PER_CUSTOMER = 2;
export const FOLLOW_UP_EVERY = 7;

export interface ScaleCounts {
  readonly leads: number;
  readonly threads: number;
  readonly customers: number;
  readonly contacts: number;
  readonly messages: number;
}

export function countsFor(leads: number): ScaleCounts {
  const threads = Math.min(leads, 50_000);
  const customers = Math.min(Math.floor(leads / 2), 100_000);
  return {
    leads,
    threads,
    customers,
    contacts: customers * CONTACTS_PER_CUSTOMER,
    messages: threads * MESSAGES_PER_THREAD,
  };
}

/** The newest record's time; record n is older than record n - 1 (the upstream's lists are newest first). */
const T_END = Date.UTC(2026, 0, 5, 9, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

const FIRST = [
  'Ana',
  'Bruno',
  'Chloé',
  'Dmitri',
  'Elif',
  'Farah',
  'Giulia',
  'Hugo',
  'Ines',
  'Jonas',
  'Kenji',
  'Lena',
  'Mateo',
  'Nora',
  'Omar',
  'Priya',
  'Quentin',
  'Rosa',
  'Sven',
  'Tariq',
  'Uma',
  'Victor',
  'Wen',
  'Yara',
];
const LAST = [
  'Novak',
  'Moreau',
  'Silva',
  'Kowalski',
  'Okafor',
  'Tanaka',
  'Müller',
  'Rossi',
  'Dubois',
  'Haddad',
  'Jensen',
  'Larsen',
  'Murphy',
  'Nguyen',
  'Petrov',
  'Costa',
  'Schmidt',
  'Yilmaz',
  'Ortiz',
  'Berg',
  'Fischer',
];
const COMPANY = [
  'Nimbus',
  'Meridian',
  'Atlas',
  'Quartz',
  'Harbor',
  'Juniper',
  'Cobalt',
  'Lumen',
  'Vertex',
  'Willow',
  'Summit',
  'Orchid',
  'Granite',
  'Beacon',
  'Falcon',
  'Saffron',
  'Tundra',
  'Zephyr',
  'Aurora',
  'Pioneer',
];
const TRADE = [
  'Travel',
  'Florists',
  'Logistics',
  'Dental',
  'Bakery',
  'Studio',
  'Motors',
  'Labs',
  'Foods',
  'Energy',
];
const LINES = [
  'Any update on my order',
  'Can I get a refund for invoice',
  'Thanks, that works for me',
  'Is the demo still on for Tuesday',
  'Please send the contract draft',
  'The delivery arrived damaged',
  'What are your opening hours',
  'I would like to upgrade my plan',
  'Can we move the call to Friday',
];

export const STAGES: LeadStage[] = [
  stage(0, 'new', { name: 'New', is_system: true, is_default: true }),
  stage(1, 'contacted', { name: 'Contacted' }),
  stage(2, 'qualified', { name: 'Qualified' }),
  stage(3, 'proposal', { name: 'Proposal' }),
  stage(4, 'won', { name: 'Won', is_won: true }),
  stage(5, 'lost', { name: 'Lost', is_lost: true }),
];
/** Early stages hold more leads than late ones, as on a real board. */
const STAGE_WEIGHTS = [30, 22, 18, 12, 10, 8];
const STAGE_OF: string[] = STAGE_WEIGHTS.flatMap((w, i) => Array<string>(w).fill(STAGES[i]!.key));
/** One lead in 1,000 keeps a key no stage has (the board's Unmatched column). */
const UNMATCHED_KEY = 'old_stage';

export const TAGS: Tag[] = [tag(1, 'Hot'), tag(2, 'Enterprise'), tag(3, 'Renewal')];
export const CHANNELS: Channel[] = [
  { id: uuid(1, 'c4a00000'), name: 'Sales', platform: 'whatsapp' },
  { id: uuid(2, 'c4a00000'), name: 'Support', platform: 'whatsapp' },
  { id: uuid(3, 'c4a00000'), name: '@store', platform: 'instagram' },
];
export const QUICK_REPLIES: QuickReply[] = [
  quickReply(1),
  quickReply(2, { title: 'Closing', shortcut: 'bye' }),
];

const OWNERS = [
  TEST_USERS.agent.upstreamUserId,
  TEST_USERS.manager.upstreamUserId,
  TEST_USERS.admin.upstreamUserId,
  null,
];
const CURRENCIES = ['EUR', 'USD', 'GBP'];
const PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;

const personName = (n: number) =>
  `${FIRST[n % FIRST.length]!} ${LAST[Math.floor(n / FIRST.length) % LAST.length]!}`;
const companyName = (n: number) =>
  `${COMPANY[n % COMPANY.length]!} ${TRADE[Math.floor(n / COMPANY.length) % TRADE.length]!} ${String(n % 997)}`;
const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '.');

export const leadId = (n: number) => uuid(n, '1ead1ead');

export function lead(n: number): Lead {
  const created = T_END - n * 30_000;
  const name = personName(n);
  const company = companyName(n);
  return leadOf(n, {
    name,
    email: `${slug(name)}.${String(n)}@${slug(company)}.example`,
    phone: `+3361${String(n).padStart(7, '0')}`,
    company_name: company,
    status: n % 1000 === 999 ? UNMATCHED_KEY : STAGE_OF[(n * 37) % STAGE_OF.length]!,
    customer_type: n % 3 === 0 ? 'individual' : 'business',
    industry: TRADE[n % TRADE.length]!,
    source: n % 2 === 0 ? 'website' : 'referral',
    assigned_to_user_id: OWNERS[n % OWNERS.length]!,
    priority: PRIORITIES[(n * 7) % 4]!,
    probability: (n * 13) % 101,
    value: n % 11 === 0 ? null : 500 + ((n * 97) % 200) * 250,
    currency: n % 11 === 0 ? null : CURRENCIES[n % 3]!,
    expected_close_date: null,
    tags: n % 5 === 0 ? [TAGS[n % TAGS.length]!.id] : [],
    created_at: iso(created),
    updated_at: iso(created + 3_600_000),
  });
}

/** Lead activities: a follow-up is asked on every FOLLOW_UP_EVERY-th lead. */
export function activitiesOf(n: number): Activity[] {
  const at = iso(T_END - n * 30_000 + 60_000);
  return [
    {
      id: uuid(n, 'ac71ac71'),
      activity_type: 'call',
      subject: 'Intro call',
      description: null,
      activity_date: at,
      duration_minutes: 15,
      outcome: n % FOLLOW_UP_EVERY === 0 ? 'follow_up_needed' : 'completed',
      created_at: at,
      lead_id: leadId(n),
    },
  ];
}

export const customerId = (n: number) => uuid(n, 'c057c057');

export function customer(n: number): Customer {
  const created = T_END - n * 60_000;
  const company = companyName(n * 3 + 1);
  return customerOf(n, {
    name: company,
    company_name: company,
    email: `hello.${String(n)}@${slug(company)}.example`,
    phone: `+1512${String(n).padStart(7, '0')}`,
    customer_type: 'business',
    status: (['active', 'active', 'prospect', 'inactive'] as const)[n % 4]!,
    assigned_to_user_id: OWNERS[n % OWNERS.length]!,
    tags: [],
    created_at: iso(created),
    updated_at: iso(created + 1_800_000),
  });
}

export const contactIndex = (customerN: number, k: number) => customerN * CONTACTS_PER_CUSTOMER + k;
export const contactId = (n: number) => uuid(n, 'c0ac7000');

export function contact(n: number): Contact {
  const customerN = Math.floor(n / CONTACTS_PER_CUSTOMER);
  const name = personName(n * 5 + 3).split(' ');
  return contactOf(n, customerN, {
    first_name: name[0]!,
    last_name: name[1]!,
    email: `${slug(name.join(' '))}.${String(n)}@mail.example`,
    phone: `+4479${String(n).padStart(8, '0')}`,
    is_primary: n % CONTACTS_PER_CUSTOMER === 0,
    status: 'active',
    created_at: iso(T_END - n * 45_000),
  });
}

/** Thread n belongs to customer n / 2 (whose first or second contact writes) and to lead n. */
export const threadCustomer = (n: number) => Math.floor(n / 2);
export const conversationId = (n: number) => uuid(n, 'c0c0c0c0');
const lastMessageAt = (n: number) => T_END - n * 20_000;

export function conversation(n: number): Conversation {
  const last = lastMessageAt(n);
  return conversationOf(n, {
    channel_id: CHANNELS[n % 2]!.id,
    external_thread_id: `44700${String(n).padStart(8, '0')}`,
    status: (['open', 'open', 'pending', 'closed'] as const)[n % 4]!,
    contact_id: contactId(contactIndex(threadCustomer(n), n % 2)),
    customer_id: customerId(threadCustomer(n)),
    lead_id: leadId(n),
    assigned_to_user_id: OWNERS[(n + 1) % OWNERS.length]!,
    last_message_at: iso(last),
    created_at: iso(last - MESSAGES_PER_THREAD * 90_000),
    updated_at: iso(last),
  });
}

/** The thread's messages, oldest first; the last one is at the thread's last_message_at. */
export function messagesOf(n: number): Message[] {
  const last = lastMessageAt(n);
  return Array.from({ length: MESSAGES_PER_THREAD }, (_, j) => {
    const inbound = j % 3 !== 2;
    return messageOf(n, j, {
      id: uuid(n * 100 + j, 'a1a1a1a1'),
      direction: inbound ? 'inbound' : 'outbound',
      text: `${LINES[(n + j) % LINES.length]!} ${String(10_000 + n)}`,
      status: inbound ? 'delivered' : 'read',
      sender_name: inbound ? personName(n * 5 + 3) : 'Agent',
      from_me: !inbound,
      platform_message_id: `wamid.${String(n)}.${String(j)}`,
      created_at: iso(last - (MESSAGES_PER_THREAD - 1 - j) * 90_000),
    });
  });
}

/** Words a person types in search, each matching some records (names, companies, message text). */
export const SEARCH_TERMS = [
  'nimbus',
  'novak',
  'refund',
  'meridian travel',
  'elif',
  'contract',
  'harbor',
  'tanaka',
];
