import { contactName } from './contact-links';
import type { Contact } from './contacts';
import type { Conversation, Message } from './conversations';
import type { Platform } from './channels';

// What a thread is called, wherever it is shown (the inbox, search results, reports): the rule of
// decisions.md, in one place for the browser and the BFF.

/** The newest inbound sender name among messages (newest first or not). */
export function latestInboundSender(messages: readonly Message[]): string | null {
  let best: Message | null = null;
  for (const m of messages) {
    if (m.direction !== 'inbound' || !m.sender_name?.trim()) continue;
    if (!best || m.created_at > best.created_at) best = m;
  }
  return best?.sender_name?.trim() ?? null;
}

/**
 * A platform id for people: phone-like ids of the primary platform get a plus sign (kept light:
 * full formatting needs phone metadata, which stays out of the inbox's first-screen code).
 */
export function formatExternalId(externalId: string, platform: Platform | undefined): string {
  if (platform === 'whatsapp' && /^[1-9]\d{6,14}$/.test(externalId)) return `+${externalId}`;
  return externalId;
}

/**
 * decisions.md: the contact's name when the thread has a contact, else the latest inbound
 * sender_name, else the formatted external id; a group's subject for a group.
 */
export function conversationName(
  conversation: Pick<Conversation, 'is_group' | 'group_subject' | 'external_thread_id' | 'contact_id'>,
  sources: {
    contact?: Pick<Contact, 'first_name' | 'last_name'> | undefined;
    messages?: readonly Message[];
    platform?: Platform | undefined;
  },
): string {
  if (conversation.is_group && conversation.group_subject) return conversation.group_subject;
  if (conversation.contact_id && sources.contact) {
    const name = contactName(sources.contact);
    if (name) return name;
  }
  const sender = sources.messages ? latestInboundSender(sources.messages) : null;
  if (sender) return sender;
  return formatExternalId(conversation.external_thread_id, sources.platform);
}
