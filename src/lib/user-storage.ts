/*
 * The one place the app keeps anything in this browser (drafts, discarded messages, the AI
 * assignment hint, whatever comes next). Every key belongs to the signed-in user, so the next person
 * to sign in on the same browser never sees it, and sign-out removes it all.
 *
 * Storage may be unavailable (private mode, quota, blocked): every access is guarded, and failing
 * only means forgetting. While no user is known (before sign-in, or in a test that renders without
 * the app's root route) values live in memory for this page only and never reach the disk.
 */

const ROOT = 'chatdesk:u:';
/** What the app stored before storage was per user: no one's in particular, so dropped on sight. */
const LEGACY_PREFIXES = ['inbox:draft:', 'inbox:discarded:', 'inbox.ai-agent.'];
/** Fired on window whenever a value changes in this tab (other tabs get the browser's `storage`). */
export const USER_STORAGE_EVENT = 'chatdesk:user-storage-change';

let currentUser: string | null = null;
const memory = new Map<string, string>();

function local(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const prefixOf = (userId: string) => `${ROOT}${encodeURIComponent(userId)}:`;

function keysWith(store: Storage, test: (key: string) => boolean): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key !== null && test(key)) keys.push(key);
  }
  return keys;
}

function removeAll(store: Storage, test: (key: string) => boolean) {
  try {
    for (const key of keysWith(store, test)) store.removeItem(key);
  } catch {
    // Blocked storage holds nothing we could remove.
  }
}

const changed = () => {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(USER_STORAGE_EVENT));
};

/** Makes `userId` the owner of everything read and written from now on (null: nobody). */
export function bindStorageToUser(userId: string | null): void {
  if (userId === currentUser) return;
  currentUser = userId;
  memory.clear();
  const store = local();
  if (store) removeAll(store, (key) => LEGACY_PREFIXES.some((prefix) => key.startsWith(prefix)));
  changed();
}

export const storageUser = (): string | null => currentUser;

export function readUserValue(key: string): string | null {
  if (currentUser === null) return memory.get(key) ?? null;
  try {
    return local()?.getItem(prefixOf(currentUser) + key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a value for the signed-in user; null removes it. */
export function writeUserValue(key: string, value: string | null): void {
  if (currentUser === null) {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  } else {
    try {
      const store = local();
      if (value === null) store?.removeItem(prefixOf(currentUser) + key);
      else store?.setItem(prefixOf(currentUser) + key, value);
    } catch {
      // Storage full or blocked: the value is simply not kept.
    }
  }
  changed();
}

/**
 * Sign-out: removes everything this user kept in the browser, anything left from before storage
 * was per user, and the session's own storage (the router kept scroll positions there, which name
 * the records visited, before its restoration was turned off), then forgets who was signed in.
 */
export function clearUserStorage(): void {
  const store = local();
  const user = currentUser;
  if (store && user !== null) removeAll(store, (key) => key.startsWith(prefixOf(user)));
  if (store) removeAll(store, (key) => LEGACY_PREFIXES.some((prefix) => key.startsWith(prefix)));
  try {
    globalThis.sessionStorage?.clear();
  } catch {
    // Nothing to clear when it is blocked.
  }
  currentUser = null;
  memory.clear();
  changed();
}
