import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Contact, CustomerList, QuickReply, QuickReplyList } from '@/contract';
import { activity, contact, customer, stage } from '@/contract/testing/records';
import { activityKeys, addActivity } from './activities';
import { channelKeys, replaceChannels } from './channels';
import { contactKeys, removeContact, upsertContact } from './contacts';
import { customerKeys, removeCustomer, upsertCustomer } from './customers';
import { leadStageKeys, removeLeadStage, replaceLeadStages, upsertLeadStage } from './lead-stages';
import { quickReplyKeys, removeQuickReply, replaceQuickReplies, upsertQuickReply } from './quick-replies';
import { replaceTags, tagKeys } from './tags';
import { replaceTemplates, templateKeys } from './templates';

// The writers of the resources other than threads and leads: cache in, cache out, a real QueryClient.

describe('customers', () => {
  const list = (customers: CustomerList['customers']): CustomerList => ({
    customers,
    total: customers.length,
    page: 1,
    limit: 20,
    totalPages: 1,
    fields: [],
  });

  it('upsertCustomer writes the detail and the list pages holding it, and re-reads the counts', () => {
    const queryClient = new QueryClient();
    const [a, b] = [customer(), customer()];
    const key = customerKeys.list({ page: 1, limit: 20 });
    queryClient.setQueryData(key, list([a, b]));
    queryClient.setQueryData(customerKeys.stats(), { total: 2 });
    const renamed = { ...b, name: 'Renamed' };
    upsertCustomer(queryClient, renamed);
    expect(queryClient.getQueryData(customerKeys.detail(b.id))).toEqual(renamed);
    expect(queryClient.getQueryData<CustomerList>(key)!.customers).toEqual([a, renamed]);
    expect(queryClient.getQueryState(customerKeys.stats())!.isInvalidated).toBe(true);
  });

  it('removeCustomer drops it from the lists, one fewer in the total', () => {
    const queryClient = new QueryClient();
    const [a, b] = [customer(), customer()];
    const key = customerKeys.list({ page: 1, limit: 20 });
    queryClient.setQueryData(key, list([a, b]));
    queryClient.setQueryData(customerKeys.detail(a.id), a);
    removeCustomer(queryClient, a.id);
    expect(queryClient.getQueryData<CustomerList>(key)).toMatchObject({ customers: [b], total: 1 });
    expect(queryClient.getQueryData(customerKeys.detail(a.id))).toBeUndefined();
  });
});

describe('contacts', () => {
  it('upsertContact adds a new contact to its customer, and a new primary demotes the old one', () => {
    const queryClient = new QueryClient();
    const owner = customer();
    const first = contact(owner.id, { is_primary: true });
    const second = contact(owner.id, { is_primary: false });
    queryClient.setQueryData(contactKeys.ofCustomer(owner.id), [first, second]);
    const third = contact(owner.id, { is_primary: true });
    upsertContact(queryClient, third);
    const held = queryClient.getQueryData<Contact[]>(contactKeys.ofCustomer(owner.id))!;
    expect(held.map((c) => [c.id, c.is_primary])).toEqual([
      [third.id, true],
      [first.id, false],
      [second.id, false],
    ]);
    expect(queryClient.getQueryData(contactKeys.detail(third.id))).toEqual(third);
  });

  it('upsertContact changes a contact in place; removeContact takes it out', () => {
    const queryClient = new QueryClient();
    const owner = customer();
    const [a, b] = [contact(owner.id), contact(owner.id)];
    queryClient.setQueryData(contactKeys.ofCustomer(owner.id), [a, b]);
    upsertContact(queryClient, { ...a, email: 'ada@example.com' });
    expect(
      queryClient.getQueryData<Contact[]>(contactKeys.ofCustomer(owner.id))!.map((c) => c.email),
    ).toEqual(['ada@example.com', undefined]);
    removeContact(queryClient, a.id);
    expect(queryClient.getQueryData<Contact[]>(contactKeys.ofCustomer(owner.id))).toEqual([b]);
    expect(queryClient.getQueryData(contactKeys.detail(a.id))).toBeUndefined();
  });
});

describe('activities', () => {
  it('addActivity puts a logged activity in date order on the lead and the customer, once', () => {
    const queryClient = new QueryClient();
    const [older, newer] = [activity(10), activity(30)];
    queryClient.setQueryData(activityKeys.lead('L'), [newer, older]);
    queryClient.setQueryData(activityKeys.customer('C'), []);
    const logged = activity(20);
    addActivity(queryClient, logged, { leadId: 'L', customerId: 'C' });
    addActivity(queryClient, logged, { leadId: 'L' });
    expect(queryClient.getQueryData(activityKeys.lead('L'))).toEqual([newer, logged, older]);
    expect(queryClient.getQueryData(activityKeys.customer('C'))).toEqual([logged]);
  });
});

describe('lead stages', () => {
  it('keeps the list in board order through replace, upsert and remove', () => {
    const queryClient = new QueryClient();
    const [a, b, c] = [stage('new', 0), stage('won', 1), stage('lost', 2)];
    replaceLeadStages(queryClient, [c, a, b]);
    const keys = () => queryClient.getQueryData<{ key: string }[]>(leadStageKeys.list())!.map((s) => s.key);
    expect(keys()).toEqual(['new', 'won', 'lost']);
    upsertLeadStage(queryClient, { ...c, position: 0 });
    upsertLeadStage(queryClient, { ...a, position: 1 });
    expect(keys()).toEqual(['lost', 'new', 'won']);
    removeLeadStage(queryClient, b.id);
    expect(keys()).toEqual(['lost', 'new']);
  });
});

describe('lists replaced whole', () => {
  const reply = (title: string): QuickReply => ({
    id: `${title}-id`,
    title,
    shortcut: title.toLowerCase(),
    body: `${title} body`,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
  });

  it('quick replies: replaced, upserted in title order, removed', () => {
    const queryClient = new QueryClient();
    replaceQuickReplies(queryClient, [reply('Thanks'), reply('Hours')]);
    upsertQuickReply(queryClient, reply('Address'));
    upsertQuickReply(queryClient, { ...reply('Thanks'), body: 'Changed' });
    const list = () => queryClient.getQueryData<QuickReplyList>(quickReplyKeys.list())!.data;
    expect(list().map((q) => q.title)).toEqual(['Address', 'Hours', 'Thanks']);
    expect(list()[2]!.body).toBe('Changed');
    removeQuickReply(queryClient, 'Hours-id');
    expect(list().map((q) => q.title)).toEqual(['Address', 'Thanks']);
  });

  it('tags, channels and a channel’s templates take the list given', () => {
    const queryClient = new QueryClient();
    const tag = { id: 't', name: 'VIP', color: '#ff0000' };
    replaceTags(queryClient, [tag]);
    expect(queryClient.getQueryData(tagKeys.list())).toEqual([tag]);
    const channel = { id: 'c', name: 'Support', platform: 'whatsapp' as const };
    replaceChannels(queryClient, [channel]);
    expect(queryClient.getQueryData(channelKeys.list())).toEqual({ channels: [channel] });
    const template = {
      name: 'hello',
      language: 'en',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [],
    };
    replaceTemplates(queryClient, 'c', [template]);
    expect(queryClient.getQueryData(templateKeys.list('c'))).toEqual({ templates: [template] });
  });
});
