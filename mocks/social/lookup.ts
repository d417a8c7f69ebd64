import { notFound } from '../core/errors';
import type { Workspace } from '../core/types';
import type { ChannelRec, Thread } from './state';

export function getThread(ws: Workspace, id: string): Thread {
  const thread = ws.social.threads.get(id);
  if (!thread) throw notFound('Conversation');
  return thread;
}

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

/** decisions.md: the CRM contact's name when linked, else the latest inbound sender name. */
export function contactName(ws: Workspace, thread: Thread): string | null {
  const contact = thread.conv.contact_id ? ws.crm.contacts.get(thread.conv.contact_id) : undefined;
  if (contact) return `${contact.first_name ?? ''} ${contact.last_name ?? ''}`.trim() || null;
  return thread.meta.contactName;
}

/** The CRM contact whose mobile (or phone) is this number, so a new thread links to it. */
export function contactByNumber(ws: Workspace, digits: string) {
  for (const contact of ws.crm.contacts.values()) {
    if ((contact.mobile ?? contact.phone ?? '').replace(/\D/g, '') === digits) return contact;
  }
  return undefined;
}
