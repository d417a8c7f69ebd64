import { useState } from 'react';
import { SendMedia, type SendMedia as SendMediaValue } from '@/contract';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { mediaMimeType } from '../media-mime';

const KINDS = { image: { label: 'Image' }, document: { label: 'Document' } } as const;
type Kind = keyof typeof KINDS;

const fileNameOf = (url: string) => {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || undefined;
  } catch {
    return undefined;
  }
};

/** An image or document by link, with a caption; validated with the contract before it goes. */
export function MediaLinkForm({
  onSend,
  onCancel,
  sending,
}: {
  onSend: (media: SendMediaValue) => void;
  onCancel: () => void;
  sending: boolean;
}) {
  const [kind, setKind] = useState<Kind>('image');
  const [url, setUrl] = useState('');
  const [caption, setCaption] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const media: SendMediaValue = {
      url: url.trim(),
      ...(caption.trim() ? { caption: caption.trim() } : {}),
      mime_type: mediaMimeType(kind, url.trim()),
      ...(kind === 'document' ? { file_name: fileNameOf(url.trim()) } : {}),
    };
    const parsed = SendMedia.safeParse(media);
    if (!parsed.success) {
      setError('Enter a link that starts with https:// or http://');
      return;
    }
    setError(undefined);
    onSend(parsed.data);
  };

  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
      aria-label="Send media by link"
      className="flex flex-col gap-2 rounded-md border border-border bg-surface p-3"
    >
      <div className="grid gap-2 sm:grid-cols-[8rem_1fr]">
        <Field label="Kind">
          {(props) => (
            <Select {...props} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
              {Object.entries(KINDS).map(([value, { label }]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Link" error={error}>
          {(props) => (
            <Input
              {...props}
              type="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://…"
              autoFocus
            />
          )}
        </Field>
      </div>
      <Field label="Caption">
        {(props) => <Input {...props} value={caption} onChange={(e) => setCaption(e.target.value)} />}
      </Field>
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="sm" variant="primary" type="submit" disabled={sending}>
          {sending ? 'Sending…' : 'Send media'}
        </Button>
      </div>
    </form>
  );
}
