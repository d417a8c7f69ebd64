import { BarChart3, FileText, MapPin, Mic, UserRound } from 'lucide-react';
import type { Message } from '@/contract';
import { safeUrl } from '../safe-url';

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
  return text ? <p className="whitespace-pre-wrap break-words">{text}</p> : null;
}

/** One message's body, drawn for its type. Untrusted text is only ever rendered as text. */
export function MessageContent({ message }: { message: Message }) {
  const media = message.media ?? null;
  const url = safeUrl(media?.url);
  const caption = str(message.text) ?? str(media?.caption);
  switch (message.type) {
    case 'text':
    case 'template':
      return <p className="whitespace-pre-wrap break-words">{message.text ?? ''}</p>;
    case 'image':
      return (
        <div className="flex flex-col gap-1">
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer" className="block">
              <img
                src={url}
                alt={caption ?? media?.file_name ?? 'Image'}
                width={240}
                height={180}
                loading="lazy"
                className="h-[180px] w-[240px] rounded bg-surface object-cover"
              />
            </a>
          ) : (
            <span className="text-muted">Image unavailable</span>
          )}
          <Caption text={caption} />
        </div>
      );
    case 'sticker':
      return url ? (
        <img
          src={url}
          alt="Sticker"
          width={96}
          height={96}
          loading="lazy"
          className="size-24 object-contain"
        />
      ) : (
        <span className="text-muted">Sticker</span>
      );
    case 'video':
      return (
        <div className="flex flex-col gap-1">
          {url ? (
            <video
              src={url}
              controls
              preload="none"
              width={240}
              height={180}
              className="h-[180px] w-[240px] rounded bg-black"
              aria-label={caption ?? 'Video'}
            />
          ) : (
            <span className="text-muted">Video unavailable</span>
          )}
          <Caption text={caption} />
        </div>
      );
    case 'audio':
      return (
        <div className="flex items-center gap-2">
          <Mic size={16} aria-hidden className="shrink-0 text-muted" />
          {url ? (
            <audio src={url} controls preload="none" aria-label="Voice message" className="h-8 max-w-56" />
          ) : (
            <span>Voice message</span>
          )}
        </div>
      );
    case 'document': {
      const name = str(media?.file_name) ?? 'Document';
      return (
        <div className="flex flex-col gap-1">
          <span className="inline-flex items-center gap-2">
            <FileText size={16} aria-hidden className="shrink-0 text-muted" />
            {url ? <ExternalLink href={url}>{name}</ExternalLink> : <span>{name}</span>}
          </span>
          <Caption text={caption} />
        </div>
      );
    }
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
            {map ? <ExternalLink href={map}>{label}</ExternalLink> : <span>{label}</span>}
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
            <p className="font-medium">{name}</p>
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
            {question}
          </p>
          <ul className="ml-6 list-disc text-[13px]">
            {options.map((option, i) => (
              <li key={i}>{option}</li>
            ))}
          </ul>
        </div>
      );
    }
    case 'reaction':
      return <span>{str(media?.['emoji']) ?? caption ?? ''}</span>;
  }
}
