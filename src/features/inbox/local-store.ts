import type { HeldKey, KeyMemory } from '@/lib/idempotent-call';
import { readUserValue, writeUserValue } from '@/lib/user-storage';

// Per-conversation memory kept for the signed-in user (src/lib/user-storage.ts): drafts (so a
// reload or a failed send never loses text) and failed messages the agent discarded from view.

const DRAFT_PREFIX = 'inbox:draft:';
const DISCARDED_PREFIX = 'inbox:discarded:';

export const draftKey = (conversationId: string) => DRAFT_PREFIX + conversationId;

export const loadDraft = (conversationId: string): string => readUserValue(draftKey(conversationId)) ?? '';

const NOTE_DRAFT_PREFIX = 'inbox:note-draft:';
/** A private note being written: kept like a reply's draft until it is saved. */
export const loadNoteDraft = (conversationId: string): string =>
  readUserValue(NOTE_DRAFT_PREFIX + conversationId) ?? '';
export const saveNoteDraft = (conversationId: string, text: string): void =>
  writeUserValue(NOTE_DRAFT_PREFIX + conversationId, text === '' ? null : text);

export function saveDraft(conversationId: string, text: string) {
  writeUserValue(draftKey(conversationId), text === '' ? null : text);
}

const SEND_KEY_PREFIX = 'inbox:send-key:';

/** The Idempotency-Key of the draft being sent, kept with the draft: a send asked again after a
 *  reload carries the same key and cannot go out twice. */
export const sendKeyMemory = (conversationId: string): KeyMemory => ({
  load() {
    const raw = readUserValue(SEND_KEY_PREFIX + conversationId);
    if (!raw) return null;
    try {
      const held = JSON.parse(raw) as Partial<HeldKey> | null;
      return typeof held?.print === 'string' && typeof held.key === 'string'
        ? { print: held.print, key: held.key }
        : null;
    } catch {
      return null;
    }
  },
  save(held) {
    writeUserValue(SEND_KEY_PREFIX + conversationId, held === null ? null : JSON.stringify(held));
  },
});

export function loadDiscarded(conversationId: string): Set<string> {
  const raw = readUserValue(DISCARDED_PREFIX + conversationId);
  if (!raw) return new Set();
  try {
    const parsed: unknown = JSON.parse(raw);
    return new Set(Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

export function discardMessage(conversationId: string, messageId: string): Set<string> {
  const ids = loadDiscarded(conversationId);
  ids.add(messageId);
  writeUserValue(DISCARDED_PREFIX + conversationId, JSON.stringify([...ids]));
  return ids;
}
