// Per-conversation memory kept in this browser: drafts (so a reload or a failed send never loses
// text) and failed messages the agent discarded from view. localStorage may be unavailable
// (private mode, quota): every access is guarded and failure only means forgetting.

const DRAFT_PREFIX = 'inbox:draft:';
const DISCARDED_PREFIX = 'inbox:discarded:';

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the draft lives on in memory only.
  }
}

export const loadDraft = (conversationId: string): string => read(DRAFT_PREFIX + conversationId) ?? '';

export function saveDraft(conversationId: string, text: string) {
  write(DRAFT_PREFIX + conversationId, text === '' ? null : text);
}

export function loadDiscarded(conversationId: string): Set<string> {
  const raw = read(DISCARDED_PREFIX + conversationId);
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
  write(DISCARDED_PREFIX + conversationId, JSON.stringify([...ids]));
  return ids;
}
