import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { MentionList, Note, NoteCreate } from '@/contract';
import { call } from '@/lib/api-client';

// Private notes on a thread and the signed-in agent's mentions (the BFF's own data: src/server/notes).
// The live stream brings teammates' notes (note.created) and new mentions of me (mention.created).

export const noteKeys = {
  all: ['notes'] as const,
  thread: (conversationId: string) => ['notes', 'thread', conversationId] as const,
  mentions: () => ['notes', 'mentions'] as const,
};

export const threadNotesQuery = (conversationId: string) =>
  queryOptions({
    queryKey: noteKeys.thread(conversationId),
    queryFn: ({ signal }) => call('notes.list', { params: { id: conversationId }, signal }),
    // The stream adds new ones; a thread's notes never change otherwise.
    staleTime: 5 * 60_000,
    retry: false,
  });

export const mentionsQuery = () =>
  queryOptions({
    queryKey: noteKeys.mentions(),
    queryFn: ({ signal }) => call('mentions.list', { signal }),
    staleTime: 60_000,
    retry: false,
  });

/** A note into its thread's cache, once (the stream's echo of my own note is the same note). */
export function addNote(queryClient: QueryClient, note: Note): void {
  queryClient.setQueryData<Note[]>(noteKeys.thread(note.conversationId), (held) =>
    held && !held.some((n) => n.id === note.id) ? [...held, note] : held,
  );
}

export async function createNote(
  queryClient: QueryClient,
  conversationId: string,
  input: NoteCreate,
): Promise<Note> {
  const note = await call('notes.create', { params: { id: conversationId }, body: input });
  addNote(queryClient, note);
  return note;
}

/** I have seen a note that mentions me: it leaves the unread count at once. */
export async function readMention(queryClient: QueryClient, noteId: string): Promise<void> {
  queryClient.setQueryData<MentionList>(noteKeys.mentions(), (held) => {
    if (!held) return held;
    const wasUnread = held.mentions.some((m) => m.note.id === noteId && m.readAt === null);
    return {
      mentions: held.mentions.map((m) =>
        m.note.id === noteId && m.readAt === null ? { ...m, readAt: new Date().toISOString() } : m,
      ),
      unread: Math.max(0, held.unread - (wasUnread ? 1 : 0)),
    };
  });
  await call('mentions.read', { params: { noteId } });
}

/** Someone mentioned me: the list and its count are read again. */
export const refreshMentions = (queryClient: QueryClient): void =>
  void queryClient.invalidateQueries({ queryKey: noteKeys.mentions() }, { cancelRefetch: false });
