import { ExternalLink, FileText, FileX, ImageOff, Mic, MicOff, VideoOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { UserText, withoutBidiControls } from '@/components/ui/user-text';

export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

const KIND_NAMES: Record<MediaKind, string> = {
  image: 'Image',
  video: 'Video',
  audio: 'Voice message',
  document: 'Document',
  sticker: 'Sticker',
};

const BROKEN_ICONS: Record<MediaKind, typeof ImageOff> = {
  image: ImageOff,
  video: VideoOff,
  audio: MicOff,
  document: FileX,
  sticker: ImageOff,
};

interface MediaProps {
  /** A safe (http/https) URL, or null when the message's URL was missing or unsafe. */
  url: string | null;
  fileName: string | null;
  /** What describes the media for screen readers (the caption, when there is one). */
  label?: string | null | undefined;
}

function OpenLink({ url, kind }: { url: string; kind: MediaKind }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-8 items-center gap-1 text-xs font-medium text-accent underline underline-offset-2"
    >
      <ExternalLink size={12} aria-hidden />
      Open {KIND_NAMES[kind].toLowerCase()}
    </a>
  );
}

/**
 * What shows instead of the browser's broken-media box: the kind of media, its file name when it
 * has one, and a link to try it in a new tab (only for a safe URL).
 */
export function MediaPlaceholder({
  kind,
  url,
  fileName,
  reason,
}: MediaProps & { kind: MediaKind; reason: string }) {
  const Icon = BROKEN_ICONS[kind];
  return (
    <div
      data-media-placeholder={kind}
      className="flex w-60 max-w-full items-start gap-2 rounded-md border border-dashed border-border bg-surface px-3 py-2"
    >
      <Icon size={18} aria-hidden className="mt-0.5 shrink-0 text-muted" />
      <div className="min-w-0 flex-1">
        <p className="text-[13px] font-medium">{KIND_NAMES[kind]}</p>
        {fileName ? (
          <p className="truncate text-xs text-muted" title={withoutBidiControls(fileName)}>
            <UserText>{withoutBidiControls(fileName)}</UserText>
          </p>
        ) : null}
        <p className="text-xs text-muted">{reason}</p>
        {url ? <OpenLink url={url} kind={kind} /> : null}
      </div>
    </div>
  );
}

/** Renders `children` until the media reports an error, then the placeholder. */
function WithFallback({
  kind,
  url,
  fileName,
  children,
}: MediaProps & { kind: MediaKind; children: (onError: () => void) => ReactNode }) {
  const [failed, setFailed] = useState(false);
  if (!url)
    return <MediaPlaceholder kind={kind} url={null} fileName={fileName} reason="No safe link to it." />;
  if (failed)
    return <MediaPlaceholder kind={kind} url={url} fileName={fileName} reason="It could not be loaded." />;
  return <>{children(() => setFailed(true))}</>;
}

export function MessageImage({ url, fileName, label }: MediaProps) {
  return (
    <WithFallback kind="image" url={url} fileName={fileName}>
      {(onError) => (
        <a href={url ?? undefined} target="_blank" rel="noopener noreferrer" className="block">
          <img
            src={url ?? undefined}
            alt={label ?? fileName ?? 'Image'}
            width={240}
            height={180}
            loading="lazy"
            onError={onError}
            className="h-[180px] w-[240px] rounded bg-surface object-cover"
          />
        </a>
      )}
    </WithFallback>
  );
}

export function MessageSticker({ url }: Pick<MediaProps, 'url'>) {
  return (
    <WithFallback kind="sticker" url={url} fileName={null}>
      {(onError) => (
        <img
          src={url ?? undefined}
          alt="Sticker"
          width={96}
          height={96}
          loading="lazy"
          onError={onError}
          className="size-24 object-contain"
        />
      )}
    </WithFallback>
  );
}

export function MessageVideo({ url, fileName, label }: MediaProps) {
  return (
    <WithFallback kind="video" url={url} fileName={fileName}>
      {(onError) => (
        // Metadata only: enough to learn that the link is broken without fetching the video.
        <video
          src={url ?? undefined}
          controls
          preload="metadata"
          width={240}
          height={180}
          onError={onError}
          className="h-[180px] w-[240px] rounded bg-black"
          aria-label={label ?? fileName ?? 'Video'}
        />
      )}
    </WithFallback>
  );
}

export function MessageAudio({ url, fileName }: MediaProps) {
  return (
    <WithFallback kind="audio" url={url} fileName={fileName}>
      {(onError) => (
        <div className="flex items-center gap-2">
          <Mic size={16} aria-hidden className="shrink-0 text-muted" />
          <audio
            src={url ?? undefined}
            controls
            preload="metadata"
            onError={onError}
            aria-label="Voice message"
            className="h-8 max-w-56"
          />
        </div>
      )}
    </WithFallback>
  );
}

/** A document is a link, not loaded inline: a card with its type, file name and a link to open it. */
export function MessageDocument({ url, fileName }: MediaProps) {
  if (!url)
    return <MediaPlaceholder kind="document" url={null} fileName={fileName} reason="No safe link to it." />;
  return (
    <div
      data-media-document
      className="flex w-60 max-w-full items-start gap-2 rounded-md border border-border bg-surface px-3 py-2"
    >
      <FileText size={18} aria-hidden className="mt-0.5 shrink-0 text-muted" />
      <div className="min-w-0 flex-1">
        <p
          className="truncate text-[13px] font-medium"
          title={fileName ? withoutBidiControls(fileName) : undefined}
        >
          <UserText>{fileName ? withoutBidiControls(fileName) : 'Document'}</UserText>
        </p>
        <OpenLink url={url} kind="document" />
      </div>
    </div>
  );
}
