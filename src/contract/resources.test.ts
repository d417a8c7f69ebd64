import { describe, expect, it } from 'vitest';
import * as c from './index';

const id = '3f1c2b7a-9d4e-4c1a-8b2f-1234567890ab';
const id2 = '0a0b0c0d-0e0f-1011-1213-141516171819'; // not version-4 shaped: GUIDs are not version-checked
const at = '2026-11-20T10:15:00.000Z';
const atOffset = '2026-11-20T12:15:00+02:00';

// One valid example per resource; each invalid variant names what breaks it.
const cases: {
  name: string;
  schema: { safeParse(v: unknown): { success: boolean } };
  valid: Record<string, unknown>;
  invalid: Record<string, unknown>[];
}[] = [
  {
    name: 'Conversation',
    schema: c.Conversation,
    valid: {
      id,
      channel_id: id2,
      external_thread_id: '447700900123@s.whatsapp.net',
      status: 'open',
      contact_id: null,
      customer_id: null,
      lead_id: null,
      assigned_to_user_id: null,
      last_message_at: atOffset,
      is_group: false,
      group_subject: null,
      group_participant_count: null,
      created_at: at,
      updated_at: at,
      extra_field: 'kept',
    },
    invalid: [{ status: 'archived' }, { id: 'not-a-uuid' }, { is_group: 'no' }, { created_at: 'yesterday' }],
  },
  {
    name: 'Message',
    schema: c.Message,
    valid: {
      id,
      conversation_id: id2,
      direction: 'outbound',
      type: 'image',
      text: 'caption',
      media: { url: 'https://x.test/a.jpg', mime_type: 'image/jpeg' },
      status: 'pending',
      error_reason: '',
      sender_name: 'Ana',
      from_me: true,
      platform_message_id: '',
      created_at: at,
    },
    invalid: [{ type: 'gif' }, { status: 'queued' }, { direction: 'sideways' }, { from_me: undefined }],
  },
  {
    name: 'Template',
    schema: c.Template,
    valid: {
      name: 'order_update',
      language: 'en',
      status: 'PENDING_REVIEW',
      category: 'MARKETING_NEW',
      components: [{ type: 'BODY', text: 'Hi {{1}}' }],
    },
    invalid: [{ components: 'BODY' }, { name: undefined }],
  },
  {
    name: 'Lead',
    schema: c.Lead,
    valid: {
      id,
      name: 'Acme deal',
      email: null,
      phone: '+44 20',
      company_name: 'Acme',
      status: 'qualified',
      customer_type: 'business',
      industry: null,
      source: 'website',
      assigned_to_user_id: id2,
      priority: 'high',
      probability: 40,
      value: 1200.5,
      currency: 'EUR',
      expected_close_date: '2026-12-31',
      tags: [id],
      created_at: at,
      updated_at: at,
    },
    invalid: [{ priority: 'critical' }, { expected_close_date: '31/12/2026' }, { tags: ['x'] }],
  },
  {
    name: 'LeadStage',
    schema: c.LeadStage,
    valid: {
      id,
      key: 'new',
      name: 'New',
      color: '#3b82f6',
      position: 0,
      is_system: true,
      is_default: true,
      is_won: false,
      is_lost: false,
      created_at: at,
      updated_at: at,
    },
    invalid: [{ position: 1.5 }, { is_won: 'yes' }, { key: undefined }],
  },
  {
    name: 'Customer',
    schema: c.Customer,
    valid: {
      id,
      name: 'Acme',
      company_name: 'Acme Ltd',
      industry: 'Retail',
      website: 'https://acme.test',
      email: 'hi@acme.test',
      phone: '+442079460000',
      address: { street: '1 Way', city: 'London', state: '', country: 'UK', postal_code: 'N1' },
      customer_type: 'business',
      status: 'prospect',
      source: 'referral',
      assigned_to_user_id: id2,
      tags: [],
      custom_fields: { tier: 'gold' },
      created_at: at,
      updated_at: at,
    },
    invalid: [{ status: 'deleted' }, { source: 'fax' }, { customer_type: 'company' }],
  },
  {
    name: 'CustomerStats',
    schema: c.CustomerStats,
    valid: {
      total: 3,
      active: 1,
      inactive: 1,
      prospect: 1,
      archived: 0,
      by_type: { individual: 1, business: 2 },
    },
    invalid: [{ by_type: { individual: 1 } }, { total: '3' }],
  },
  {
    name: 'Contact',
    schema: c.Contact,
    valid: {
      id,
      customer_id: id2,
      first_name: 'Ada',
      last_name: 'L',
      email: 'ada@x.test',
      phone: '',
      mobile: '447700900123',
      position: 'CTO',
      department: null,
      is_primary: true,
      status: 'active',
      image_url: '',
      notes: '',
      created_at: at,
    },
    invalid: [{ customer_id: null }, { status: 'gone' }],
  },
  {
    name: 'Activity',
    schema: c.Activity,
    valid: {
      id,
      activity_type: 'call',
      subject: 'Intro',
      description: '',
      activity_date: at,
      duration_minutes: 15,
      outcome: 'follow_up_needed',
      created_at: at,
    },
    invalid: [{ activity_type: 'visit' }, { outcome: 'maybe' }, { duration_minutes: 1.5 }],
  },
  {
    name: 'QuickReply',
    schema: c.QuickReply,
    valid: { id, title: 'Hours', body: 'We open at 9', shortcut: 'hours', created_at: at, updated_at: at },
    invalid: [{ shortcut: 3 }, { id: 12 }],
  },
  {
    name: 'Tag list',
    schema: c.TagList,
    valid: { data: [{ id, name: 'VIP', color: '#f00' }] },
    invalid: [{ data: [{ id: 'x', name: 'VIP' }] }, { data: 'VIP' }],
  },
  {
    name: 'Channel list',
    schema: c.ChannelList,
    valid: { channels: [{ id, name: 'Sales WA', platform: 'whatsapp' }] },
    invalid: [{ channels: [{ id, name: 'x', platform: 'sms' }] }],
  },
  {
    name: 'Group',
    schema: c.GroupResponse,
    valid: {
      group: {
        id: '120363025246125486@g.us',
        subject: 'Buyers',
        participants: [{ phone: '447700900123', role: 'admin' }],
        join_requests: [{ phone: '447700900124', requested_at: at }],
        invite_link: 'https://chat.example/abc',
      },
    },
    invalid: [{ group: { id: 'x', subject: 'y', participants: 'none' } }],
  },
  {
    name: 'Lead list envelope',
    schema: c.LeadList,
    valid: { data: [], total: 0, page: 1, limit: 20, totalPages: 0, hasMore: false },
    invalid: [{ hasMore: 'no' }, { total: undefined }],
  },
  {
    name: 'Customer list envelope',
    schema: c.CustomerList,
    valid: { customers: [], total: 0, page: 1, limit: 20, totalPages: 0, fields: [{ key: 'tier' }] },
    invalid: [{ fields: undefined }, { customers: {} }],
  },
  {
    name: 'Error body',
    schema: c.ErrorBody,
    valid: { statusCode: 400, message: ['email must be an email'], error: 'Bad Request' },
    invalid: [{ statusCode: '400' }, { message: 4 }],
  },
];

describe('response schemas', () => {
  for (const { name, schema, valid, invalid } of cases) {
    it(`${name}: accepts a valid example and keeps unknown keys`, () => {
      const parsed = schema.safeParse(valid) as { success: boolean; data?: Record<string, unknown> };
      expect(parsed.success).toBe(true);
      if ('extra_field' in valid) expect(parsed.data?.extra_field).toBe('kept');
    });
    invalid.forEach((patch, index) => {
      it(`${name}: rejects invalid example ${String(index + 1)} (${Object.keys(patch).join(', ')})`, () => {
        expect(schema.safeParse({ ...valid, ...patch }).success).toBe(false);
      });
    });
  }
});
