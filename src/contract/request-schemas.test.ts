import { describe, expect, it } from 'vitest';
import * as c from './index';

// Request bodies and queries: strict, bounded, and their field errors worded for people.

const id = '3f1c2b7a-9d4e-4c1a-8b2f-1234567890ab';

describe('request schemas are strict', () => {
  it('refuses unknown keys', () => {
    expect(c.QuickReplyCreate.safeParse({ title: 'a', body: 'b', shortcut: 'c', extra: 1 }).success).toBe(
      false,
    );
    expect(c.LeadUpdate.safeParse({ status: 'won', colour: 'red' }).success).toBe(false);
  });

  it('checks probability bounds and stage exclusivity', () => {
    expect(c.LeadCreate.safeParse({ name: 'x', probability: 101 }).success).toBe(false);
    expect(c.LeadCreate.safeParse({ name: 'x', probability: 100 }).success).toBe(true);
    expect(c.LeadStageUpdate.safeParse({ is_won: true, is_lost: true }).success).toBe(false);
    expect(c.LeadStageUpdate.safeParse({ is_won: true }).success).toBe(true);
  });

  it('sends need an address and content; `to` is E.164 digits without a plus', () => {
    expect(c.SendMessageBody.safeParse({ conversationId: id, text: 'hi' }).success).toBe(true);
    expect(
      c.SendMessageBody.safeParse({
        channelId: id,
        to: '447700900123',
        templateName: 'x',
        templateLanguage: 'en',
      }).success,
    ).toBe(true);
    expect(c.SendMessageBody.safeParse({ channelId: id, text: 'hi' }).success).toBe(false);
    expect(c.SendMessageBody.safeParse({ conversationId: id }).success).toBe(false);
    expect(c.SendMessageBody.safeParse({ channelId: id, to: '+447700900123', text: 'hi' }).success).toBe(
      false,
    );
    expect(c.SendMessageBody.safeParse({ channelId: id, to: '07700900123', text: 'hi' }).success).toBe(false);
  });

  it('contacts need a customer and well-formed emails', () => {
    expect(
      c.ContactCreate.safeParse({ customer_id: id, first_name: 'Ada', email: 'ada@x.test' }).success,
    ).toBe(true);
    expect(c.ContactCreate.safeParse({ customer_id: id, first_name: 'Ada', email: 'ada@' }).success).toBe(
      false,
    );
    expect(c.ContactCreate.safeParse({ first_name: 'Ada' }).success).toBe(false);
  });

  it('activities name exactly one subject', () => {
    expect(c.ActivityCreate.safeParse({ customer_id: id, activity_type: 'call', subject: 'x' }).success).toBe(
      true,
    );
    expect(
      c.ActivityCreate.safeParse({ customer_id: id, lead_id: id, activity_type: 'call', subject: 'x' })
        .success,
    ).toBe(false);
    expect(c.ActivityCreate.safeParse({ activity_type: 'call', subject: 'x' }).success).toBe(false);
  });

  it('paging query values are integers in range', () => {
    expect(c.LeadListQuery.safeParse({ page: '2', limit: '100', offset: '0' }).success).toBe(true);
    expect(c.LeadListQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(c.LeadListQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(c.LeadListQuery.safeParse({ offset: '-1' }).success).toBe(false);
    expect(c.LeadListQuery.safeParse({ page: '1.5' }).success).toBe(false);
  });
});

describe('template params alias', () => {
  it('reads an array, a JSON array string and a comma-separated string alike', () => {
    expect(c.parseTemplateParams(['a', 'b'])).toEqual(['a', 'b']);
    expect(c.parseTemplateParams('["a","b, c"]')).toEqual(['a', 'b, c']);
    expect(c.parseTemplateParams('a, b')).toEqual(['a', 'b']);
    expect(c.parseTemplateParams('')).toEqual([]);
  });
});

describe('field errors', () => {
  it('start with the field name', () => {
    const result = c.ContactCreate.safeParse({ customer_id: 'x', first_name: 'A', email: 'bad' });
    expect(result.success).toBe(false);
    if (result.success) return;
    const messages = c.fieldErrors(result.error);
    expect(messages).toContain('customer_id must be a UUID');
    expect(messages).toContain('email must be an email');
    expect(c.errorsByField(messages).email).toBe('email must be an email');
  });
});

describe('field error wording', () => {
  const errors = (
    schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
    value: unknown,
  ) => {
    const result = schema.safeParse(value);
    return result.success ? [] : c.fieldErrors(result.error as Parameters<typeof c.fieldErrors>[0]);
  };
  it('tells a missing field from a wrong type', () => {
    expect(errors(c.SendTextBody, {})).toContain('text is required');
    expect(errors(c.SendTextBody, { text: 5 })).toContain('text must be a string');
  });
  it('does not repeat the field name of a custom message', () => {
    expect(errors(c.SendMessageBody, { text: 'hi' })).toContain(
      'conversationId or channelId with to is required',
    );
    expect(errors(c.SendMessageBody, { conversationId: id })).toContain(
      'text, media or template is required',
    );
  });
  it('says empty rather than "at least 1 characters"', () => {
    expect(errors(c.SendTextBody, { text: '' })).toContain('text must not be empty');
  });
});
