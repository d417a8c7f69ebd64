import type { Message } from '@/contract';

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
