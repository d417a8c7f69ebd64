import { useSuspenseQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { APPROVED, type SendTemplate, type Template } from '@/contract';
import { Button } from '@/components/ui/button';
import { QueryBoundary } from '@/components/query-boundary';
import { EmptyState, LoadingState } from '@/components/ui/states';
import { templatesQuery } from '@/data/templates';
import { missingParams, previewTemplate, templateBodyText, templateParamCount } from '../template-params';
import { UserText } from '@/components/ui/user-text';

const templateKey = (t: Template) => `${t.name}:${t.language}`;

interface TemplatePickerProps {
  channelId: string;
  onSend: (template: SendTemplate) => void;
  sending: boolean;
  /** What the send button says ("Send template", "Start conversation"). */
  sendLabel?: string;
  /** Disables sending while the rest of a form is incomplete. */
  blocked?: boolean;
  /** Offers "Schedule…" beside the send: the filled template, to be sent later (scheduled sends). */
  onSchedule?: ((template: SendTemplate) => void) | undefined;
}

/**
 * Approved templates of a channel: search, pick one, fill every `{{n}}` and see the message as the
 * contact will, then send. Used outside the 24-hour window and to start a conversation.
 */
export function TemplatePicker(props: TemplatePickerProps) {
  return (
    <QueryBoundary
      title="Templates could not be loaded"
      pending={<LoadingState label="Loading templates…" />}
    >
      <TemplateChoice {...props} />
    </QueryBoundary>
  );
}

function TemplateChoice({
  channelId,
  onSend,
  sending,
  sendLabel = 'Send template',
  blocked = false,
  onSchedule,
}: TemplatePickerProps) {
  const { data: templates } = useSuspenseQuery(templatesQuery(channelId));
  const [filter, setFilter] = useState('');
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [params, setParams] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  // Once one is chosen, the list folds to it (the thread's history keeps the room); Change opens it.
  const [changing, setChanging] = useState(false);
  const baseId = useId();

  const approved = useMemo(
    () => templates.templates.filter((t) => t.status.toUpperCase() === APPROVED),
    [templates],
  );
  const visible = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle) return approved;
    return approved.filter((t) =>
      [t.name, t.category, t.language, templateBodyText(t)].some((v) => v.toLowerCase().includes(needle)),
    );
  }, [approved, filter]);
  const selected = approved.find((t) => templateKey(t) === selectedKey) ?? null;
  const folded = selected !== null && !changing;
  const listed = folded ? [selected] : visible;
  const count = selected ? templateParamCount(selected) : 0;
  const missing = missingParams(count, params);
  const preview = selected ? previewTemplate(selected, params) : null;

  if (approved.length === 0)
    return (
      <EmptyState title="No approved templates">This channel has no approved templates to send.</EmptyState>
    );

  const submit = (then: (template: SendTemplate) => void = onSend) => {
    setTried(true);
    if (!selected || missing.length > 0 || blocked) return;
    then({
      templateName: selected.name,
      templateLanguage: selected.language,
      templateParams: params.slice(0, count).map((p) => p.trim()),
    });
  };

  return (
    <div className="flex min-h-0 flex-col gap-3">
      {folded ? null : (
        <label className="relative">
          <span className="sr-only">Search templates</span>
          <Search
            size={14}
            aria-hidden
            className="pointer-events-none absolute left-2 top-1/2 -translate-y-1/2 text-subtle"
          />
          <input
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="Search templates"
            className="h-8 w-full rounded-md border border-border bg-bg pl-7 pr-2 text-sm placeholder:text-subtle focus:border-accent focus:outline-none"
          />
        </label>
      )}
      {/* Options keep their height (shrink-0): squeezed by the list's max height, their second
          line would run over the next option. Long bodies are clamped to two lines instead. */}
      <fieldset className="flex max-h-40 flex-col gap-1 overflow-y-auto">
        <legend className="sr-only">Template</legend>
        {listed.length === 0 ? <p className="text-muted">No template matches.</p> : null}
        {listed.map((t) => {
          const key = templateKey(t);
          return (
            <label
              key={key}
              data-template-option
              className={`flex min-h-8 shrink-0 cursor-pointer items-start gap-2 rounded-md border px-2 py-1.5 ${
                key === selectedKey ? 'border-accent bg-accent-soft' : 'border-border hover:bg-surface'
              }`}
            >
              <input
                type="radio"
                name={`${baseId}-template`}
                value={key}
                checked={key === selectedKey}
                onChange={() => {
                  setSelectedKey(key);
                  setParams([]);
                  setTried(false);
                  setChanging(false);
                }}
                className="mt-1"
              />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-x-2">
                  <UserText className="font-medium">{t.name}</UserText>
                  <span className="text-xs text-muted">
                    {t.language} · {t.category.toLowerCase()}
                  </span>
                </span>
                <span className="line-clamp-2 break-words text-xs text-muted">{templateBodyText(t)}</span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {folded ? (
        <Button variant="ghost" size="sm" className="self-start" onClick={() => setChanging(true)}>
          Change template
        </Button>
      ) : null}
      {selected && preview ? (
        <div className="flex flex-col gap-2">
          {count > 0 ? (
            <div className="grid gap-2 sm:grid-cols-2">
              {Array.from({ length: count }, (_, i) => {
                const id = `${baseId}-param-${String(i)}`;
                const invalid = tried && missing.includes(i + 1);
                return (
                  <div key={i} className="flex flex-col gap-1">
                    <label htmlFor={id} className="text-xs font-medium text-muted">
                      {`Parameter {{${String(i + 1)}}}`}
                    </label>
                    <input
                      id={id}
                      value={params[i] ?? ''}
                      aria-invalid={invalid}
                      aria-describedby={invalid ? `${id}-error` : undefined}
                      onChange={(e) =>
                        setParams((old) => {
                          const next = [...old];
                          while (next.length < count) next.push('');
                          next[i] = e.target.value;
                          return next;
                        })
                      }
                      className="h-8 rounded-md border border-border bg-bg px-2 text-sm focus:border-accent focus:outline-none aria-[invalid=true]:border-danger"
                    />
                    {invalid ? (
                      <p id={`${id}-error`} className="text-xs text-danger">
                        Fill in this parameter.
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
          ) : null}
          <figure aria-label="Preview" className="rounded-lg border border-border bg-surface px-3 py-2">
            <figcaption className="mb-1 text-[11px] font-medium uppercase tracking-wide text-muted">
              Preview
            </figcaption>
            {preview.header ? <p className="font-semibold">{preview.header}</p> : null}
            <p className="whitespace-pre-wrap break-words" data-testid="template-preview-body">
              {preview.body}
            </p>
            {preview.footer ? <p className="text-xs text-subtle">{preview.footer}</p> : null}
            {preview.buttons.length > 0 ? (
              <p className="mt-1 flex flex-wrap gap-1">
                {preview.buttons.map((b) => (
                  <span key={b} className="rounded border border-border px-2 py-0.5 text-xs">
                    {b}
                  </span>
                ))}
              </p>
            ) : null}
          </figure>
        </div>
      ) : null}
      <div className="flex items-center justify-end gap-2">
        {tried && !selected ? <p className="text-xs text-danger">Choose a template.</p> : null}
        {onSchedule ? (
          <Button variant="ghost" size="sm" onClick={() => submit(onSchedule)} disabled={sending}>
            Schedule…
          </Button>
        ) : null}
        <Button variant="primary" size="sm" onClick={() => submit()} disabled={sending}>
          {sending ? 'Sending…' : sendLabel}
        </Button>
      </div>
    </div>
  );
}
