import { queryOptions, skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MessageAuthors } from '@/contract';
import { meQuery } from './session';

// Who on the team sent a thread's messages (issue 36.1; the BFF's own record, src/server/authors).
// A thread's screen brings its authors; the live stream adds each new one (messages.authored); a
// send of mine is mine at once. Kept apart from the messages: a message re-read from the upstream
// (a tick that moved) never loses its author.

export const authorKeys = {
  all: ['authors'] as const,
  thread: (conversationId: string) => ['authors', 'thread', conversationId] as const,
};

/** Adds authors to a thread's; a teammate replaces an AI agent, never the other way round. */
export function addAuthors(queryClient: QueryClient, conversationId: string, authors: MessageAuthors): void {
  if (Object.keys(authors).length === 0) return;
  queryClient.setQueryData(threadAuthorsQuery(conversationId).queryKey, (held) => {
    const next: MessageAuthors = { ...held };
    for (const [id, author] of Object.entries(authors))
      if (!(next[id]?.kind === 'person' && author.kind === 'ai')) next[id] = author;
    return next;
  });
}

const NONE: MessageAuthors = {};

/** A thread's authors as held: nothing is read for them (the screen and the stream bring them). */
export const threadAuthorsQuery = (conversationId: string) =>
  queryOptions<MessageAuthors>({
    queryKey: authorKeys.thread(conversationId),
    queryFn: skipToken,
    staleTime: Infinity,
  });

export function useThreadAuthors(conversationId: string): MessageAuthors {
  return useQuery(threadAuthorsQuery(conversationId)).data ?? NONE;
}

/** The signed-in person's username, to say "You" (null while unknown). */
export function useMyUsername(): string | null {
  return useQuery(meQuery()).data?.id ?? null;
}
