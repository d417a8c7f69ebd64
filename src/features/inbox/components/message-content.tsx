import { BarChart3, MapPin, UserRound } from 'lucide-react';
import { UserText } from '@/components/ui/user-text';
import type { Message } from '@/contract';
import { safeUrl } from '../safe-url';
import { MessageAudio, MessageDocument, MessageImage, MessageSticker, MessageVideo } from './media-view';

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

function pollOptions(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((option: unknown) =>
      typeof option === 'string'
        ? option
        : typeof option === 'object' && option !== null && 'name' in option
          ? String((option as { name: unknown }).name)
          : '',
    )
    .filter(Boolean);
}

function ExternalLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-accent underline underline-offset-2"
    >
      {children}
    </a>
  );
}

function Caption({ text }: { text: string | null }) {
  return text ? (
    <p className="whitespace-pre-wrap break-words">
      <UserText>{text}</UserText>
    </p>
  ) : null;
}

/** One message's body, drawn for its type. Untrusted text is only ever rendered as text. */
export function MessageContent({ message }: { message: Message }) {
  const media = message.media ?? null;
  const url = safeUrl(media?.url);
  const caption = str(message.text) ?? str(media?.caption);
  const fileName = str(media?.file_name);
  switch (message.type) {
    case 'text':
    case 'template':
      return <p className="whitespace-pre-wrap break-words">{message.text ?? ''}</p>;
    case 'image':
      return (
        <div className="flex flex-col gap-1">
          <MessageImage url={url} fileName={fileName} label={caption} />
          <Caption text={caption} />
        </div>
      );
    case 'sticker':
      return <MessageSticker url={url} />;
    case 'video':
      return (
        <div className="flex flex-col gap-1">
          <MessageVideo url={url} fileName={fileName} label={caption} />
          <Caption text={caption} />
        </div>
      );
    case 'audio':
      return <MessageAudio url={url} fileName={fileName} />;
    case 'document':
      return (
        <div className="flex flex-col gap-1">
          <MessageDocument url={url} fileName={fileName} />
          <Caption text={caption} />
        </div>
      );
    case 'location': {
      const lat = media?.latitude;
      const lon = media?.longitude;
      const map =
        typeof lat === 'number' && typeof lon === 'number'
          ? `https://www.openstreetmap.org/?mlat=${String(lat)}&mlon=${String(lon)}#map=16/${String(lat)}/${String(lon)}`
          : url;
      const label = str(media?.['name']) ?? caption ?? 'Location';
      return (
        <div className="flex items-start gap-2">
          <MapPin size={16} aria-hidden className="mt-0.5 shrink-0 text-muted" />
          <div>
            {map ? (
              <ExternalLink href={map}>
                <UserText>{label}</UserText>
              </ExternalLink>
            ) : (
              <UserText>{label}</UserText>
            )}
            {str(media?.['address']) ? <p className="text-xs text-muted">{str(media?.['address'])}</p> : null}
          </div>
        </div>
      );
    }
    case 'contact': {
      const name = str(media?.['name']) ?? caption ?? 'Contact';
      const phone = str(media?.['phone']);
      return (
        <div className="flex items-center gap-2">
          <UserRound size={16} aria-hidden className="shrink-0 text-muted" />
          <div>
            <p className="font-medium">
              <UserText>{name}</UserText>
            </p>
            {phone ? (
              <p className="text-xs text-muted">{phone.startsWith('+') ? phone : `+${phone}`}</p>
            ) : null}
          </div>
        </div>
      );
    }
    case 'poll': {
      const question = str(media?.['question']) ?? caption ?? 'Poll';
      const options = pollOptions(media?.['options']);
      return (
        <div className="flex flex-col gap-1">
          <p className="inline-flex items-center gap-2 font-medium">
            <BarChart3 size={16} aria-hidden className="shrink-0 text-muted" />
            <UserText>{question}</UserText>
          </p>
          <ul className="ml-6 list-disc text-[13px]">
            {options.map((option, i) => (
              <li key={i}>
                <UserText>{option}</UserText>
              </li>
            ))}
          </ul>
        </div>
      );
    }
    case 'reaction':
      return <span>{str(media?.['emoji']) ?? caption ?? ''}</span>;
  }
}
