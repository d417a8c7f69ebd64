import * as z from 'zod/mini';

// Who on the team sent a message (issue 36.1). The upstream names every outbound message after the
// workspace ("Acme Inc."); the BFF knows which teammate sent each message it sent, and which went
// out while an AI agent answered the thread, and keeps that in its own database.

export const AUTHOR_KINDS = ['person', 'ai'] as const;

export const MessageAuthor = z.lazy(() =>
  z.looseObject({
    /** The teammate's name (or the AI agent's) as it was when the message went. */
    name: z.string(),
    kind: z.enum(AUTHOR_KINDS),
    /** The teammate's username; absent for an AI agent. */
    username: z.optional(z.string()),
    /** The upstream's id of the teammate or the agent, when known. */
    userId: z.optional(z.string()),
  }),
);
export type MessageAuthor = z.infer<typeof MessageAuthor>;

/** Authors by message id: only the messages the team sent have one. */
export const MessageAuthors = z.lazy(() => z.record(z.string(), MessageAuthor));
export type MessageAuthors = z.infer<typeof MessageAuthors>;

/** The label a bubble, a row's preview or a search hit shows for an authored message. */
export function authorLabel(author: MessageAuthor, me: string | null): string {
  if (author.kind === 'ai') return `${author.name} via AI agent`;
  return me !== null && author.username === me ? 'You' : author.name;
}
