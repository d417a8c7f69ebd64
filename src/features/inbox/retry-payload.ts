import type { Message } from '@/contract';
import type { Outgoing } from './api/send';
import { safeUrl } from './safe-url';

/** What "Retry" sends again for a failed message, or null when it cannot be rebuilt here. */
export function retryPayload(message: Message): Outgoing | null {
  const media = message.media ?? null;
  const url = safeUrl(media?.url);
  if (message.type === 'text' && message.text?.trim()) return { kind: 'text', text: message.text };
  if ((message.type === 'image' || message.type === 'document' || message.type === 'video') && url) {
    return {
      kind: 'media',
      media: {
        url,
        ...(media?.caption || message.text ? { caption: media?.caption ?? message.text ?? '' } : {}),
        ...(media?.mime_type ? { mime_type: media.mime_type } : {}),
        ...(media?.file_name ? { file_name: media.file_name } : {}),
      },
    };
  }
  const name = message['template_name'];
  const language = message['template_language'];
  const params = message['template_params'];
  // Without the parameters it was sent with, a template cannot be rebuilt: no Retry then.
  if (
    message.type === 'template' &&
    typeof name === 'string' &&
    typeof language === 'string' &&
    Array.isArray(params)
  ) {
    return {
      kind: 'template',
      template: { templateName: name, templateLanguage: language, templateParams: params.map(String) },
    };
  }
  return null;
}
