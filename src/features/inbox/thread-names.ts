import type { Contact, Conversation, Message, Platform } from '@/contract';

export function contactName(contact: Pick<Contact, 'first_name' | 'last_name'>): string {
  return `${contact.first_name ?? ''} ${contact.last_name ?? ''}`.trim();
}

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

/** A one-line preview of a message, whatever its type. */
export function messagePreview(message: Message): string {
  const media = message.media ?? null;
  const caption = message.text?.trim() || media?.caption?.trim() || '';
  switch (message.type) {
    case 'text':
    case 'template':
      return caption;
    case 'image':
      return caption ? `Photo: ${caption}` : 'Photo';
    case 'video':
      return caption ? `Video: ${caption}` : 'Video';
    case 'audio':
      return 'Voice message';
    case 'document':
      return `Document: ${media?.file_name ?? (caption || 'file')}`;
    case 'sticker':
      return 'Sticker';
    case 'location':
      return caption ? `Location: ${caption}` : 'Location';
    case 'contact':
      return typeof media?.['name'] === 'string' ? `Contact: ${media['name']}` : 'Contact card';
    case 'poll':
      return caption ? `Poll: ${caption}` : 'Poll';
    case 'reaction':
      return `Reacted ${caption}`;
  }
}
