import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { NOTE_MAX, type Mentionable } from '@/contract';
import { Button } from '@/components/ui/button';
import { errorText } from '@/components/ui/states';
import { createNote } from '@/data/notes';
import { teamQuery } from '@/data/session';
import { loadNoteDraft, saveNoteDraft } from '../local-store';
import { insertMention, matchingTeammates, mentionAt, mentionsIn, strayMentions } from '../note-mentions';
import { COMPOSER_ID } from '../use-inbox-shortcuts';

const NO_PEOPLE: readonly Mentionable[] = [];

/**
 * A private note for the team (never sent to the contact): `@` completes teammates (arrows, Enter
 * or Tab, Escape), Enter or the button saves, Shift+Enter adds a line. The text is a draft until the BFF has saved it;
 * a refusal keeps it and says why.
 */
export function NoteComposer({ conversationId }: { conversationId: string }) {
  const queryClient = useQueryClient();
  const people = useQuery(teamQuery()).data?.accounts ?? NO_PEOPLE;
  const [text, setText] = useState(() => loadNoteDraft(conversationId));
  const [caret, setCaret] = useState(0);
  const [chosen, setChosen] = useState<Mentionable[]>([]);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (pendingCaret.current === null) return;
    ref.current?.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  }, [text]);
  const listId = useId();
  const errorId = useId();
  useEffect(() => saveNoteDraft(conversationId, text), [conversationId, text]);

  const at = mentionAt(text, caret);
  const matches = at && dismissedAt !== at.start ? matchingTeammates(people, at.query) : [];
  const open = matches.length > 0;
  const stray = strayMentions(text, people);
  const tooLong = text.length > NOTE_MAX;

  const pick = (person: Mentionable) => {
    if (!at) return;
    const next = insertMention(text, at, person);
    setText(next.text);
    setChosen((held) => (held.some((p) => p.username === person.username) ? held : [...held, person]));
    setActive(0);
    setCaret(next.caret);
    // Placed once the new text is in the box, before the next keystroke can land elsewhere.
    pendingCaret.current = next.caret;
  };

  const save = async () => {
    if (saving || text.trim() === '' || tooLong) return;
    setSaving(true);
    setError(null);
    try {
      await createNote(queryClient, conversationId, { body: text, mentions: mentionsIn(text, chosen) });
      setText('');
      setChosen([]);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSaving(false);
    }
  };

  const describedBy = [error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="relative flex items-end gap-2">
        <label htmlFor={COMPOSER_ID} className="sr-only">
          Private note
        </label>
        <textarea
          id={COMPOSER_ID}
          ref={ref}
          value={text}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${listId}-${String(active)}` : undefined}
          aria-invalid={Boolean(error) || tooLong}
          aria-describedby={describedBy}
          rows={Math.min(6, Math.max(2, text.split('\n').length))}
          placeholder="Write a note for your team… (@ to mention)"
          onChange={(e) => {
            setText(e.target.value);
            setCaret(e.target.selectionStart);
            setError(null);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={(event) => {
            if (open) {
              if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                event.preventDefault();
                const step = event.key === 'ArrowDown' ? 1 : -1;
                setActive((i) => (i + step + matches.length) % matches.length);
                return;
              }
              if (event.key === 'Enter' || event.key === 'Tab') {
                event.preventDefault();
                pick(matches[Math.min(active, matches.length - 1)]!);
                return;
              }
              if (event.key === 'Escape') {
                event.stopPropagation();
                setDismissedAt(at?.start ?? null);
                return;
              }
            }
            // As the reply composer: Enter saves, Shift+Enter adds a line (Ctrl+Enter saves too, as
            // it always has); never while an input method is composing a character.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void save();
            }
          }}
          className="max-h-40 min-h-14 flex-1 resize-none rounded-md border border-warning/50 bg-warning-soft px-2.5 py-1.5 text-sm placeholder:text-subtle focus:border-warning focus:outline-none aria-[invalid=true]:border-danger"
        />
        {open ? (
          <ul
            id={listId}
            role="listbox"
            aria-label="Teammates"
            className="absolute bottom-full left-0 mb-1 w-64 overflow-hidden rounded-md border border-border bg-raised py-1 shadow-lg"
          >
            {matches.map((person, i) => (
              <li
                key={person.username}
                id={`${listId}-${String(i)}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(person);
                }}
                className={`cursor-pointer px-3 py-1.5 text-sm ${i === active ? 'bg-accent-soft text-accent' : ''}`}
              >
                {person.name} <span className="text-xs text-muted">{person.username}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <Button
          variant="primary"
          size="md"
          onClick={() => void save()}
          disabled={saving || text.trim() === '' || tooLong}
        >
          <Lock size={14} aria-hidden />
          {saving ? 'Saving…' : 'Save note'}
        </Button>
      </div>
      <p className="flex flex-wrap gap-x-3 text-xs text-muted">
        <span>Only your team sees notes. Enter saves, Shift+Enter adds a line.</span>
        {tooLong ? (
          <span className="text-danger">
            {text.length - NOTE_MAX} characters over the {NOTE_MAX} a note can hold.
          </span>
        ) : null}
        {stray.length > 0 ? (
          <span className="text-warning">
            {stray.join(', ')} {stray.length === 1 ? 'is' : 'are'} not a teammate: no one will be notified.
          </span>
        ) : null}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-danger">
          The note was not saved: {error} Your text is kept.
        </p>
      ) : null}
    </div>
  );
}
