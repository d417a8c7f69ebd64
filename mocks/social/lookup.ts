import type { Contact } from '../../src/contract';
import { findOr404, notFound } from '../core/errors';
import type { Workspace } from '../core/types';
import type { ChannelRec, Thread } from './state';

export const getThread = (ws: Workspace, id: string | undefined): Thread =>
  findOr404(ws.social.threads, id, 'Conversation');

export function getChannel(ws: Workspace, id: string): ChannelRec {
  const channel = ws.social.channels.find((c) => c.id === id);
  if (!channel) throw notFound('Channel');
  return channel;
}

export function findThreadByExternalId(
  ws: Workspace,
  channelId: string,
  externalId: string,
): Thread | undefined {
  for (const thread of ws.social.threads.values()) {
    if (thread.conv.channel_id === channelId && thread.conv.external_thread_id === externalId) return thread;
  }
  return undefined;
}

/** A CRM contact's full name, or null when it has none. */
export const contactFullName = (contact: Contact): string | null =>
  `${contact.first_name ?? ''} ${contact.last_name ?? ''}`.trim() || null;

/** The number the chat platform knows a CRM contact by: the mobile (else the phone) as bare digits. */
export const contactDigits = (contact: Contact): string =>
  (contact.mobile ?? contact.phone ?? '').replace(/\D/g, '');

/** decisions.md: the CRM contact's name when linked, else the latest inbound sender name. */
export function contactName(ws: Workspace, thread: Thread): string | null {
  const contact = thread.conv.contact_id ? ws.crm.contacts.get(thread.conv.contact_id) : undefined;
  if (contact) return contactFullName(contact);
  return thread.meta.contactName;
}

/** The CRM contact whose mobile (or phone) is this number, so a new thread links to it. */
export function contactByNumber(ws: Workspace, digits: string): Contact | undefined {
  for (const contact of ws.crm.contacts.values()) if (contactDigits(contact) === digits) return contact;
  return undefined;
}
