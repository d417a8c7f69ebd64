import * as z from 'zod/mini';
import { MessageAuthor } from './authors';
import { DateTime } from './common';
import { storableText } from './storable';

// `GET /bff/search?q=`: one box for everything (the Ctrl/Cmd+K palette and the search page).
// Messages by full text from the BFF's index; contacts, customers, leads and quick replies from
// the workspace the BFF holds.

export const SEARCH_QUERY_MAX = 200;
/** Most hits of one kind the palette asks for; the search page asks for more. */
export const SEARCH_LIMIT_DEFAULT = 5;
export const SEARCH_LIMIT_MAX = 50;

/** Around the matched words in a snippet; never in a message's own text (the index strips them). */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';

export const SearchQuery = z.lazy(() =>
  z.strictObject({
    q: z
      .string()
      .check(
        z.trim(),
        storableText(),
        z.minLength(1, 'Type something to search for'),
        z.maxLength(SEARCH_QUERY_MAX, `Searches are at most ${String(SEARCH_QUERY_MAX)} characters`),
      ),
    limit: z.optional(
      z.coerce
        .number()
        .check(z.int(), z.minimum(1), z.maximum(SEARCH_LIMIT_MAX, `At most ${String(SEARCH_LIMIT_MAX)}`)),
    ),
  }),
);
export type SearchQuery = z.infer<typeof SearchQuery>;

export const MessageHit = z.lazy(() =>
  z.looseObject({
    messageId: z.string(),
    conversationId: z.string(),
    /** Who the thread is with, as the inbox shows it. */
    threadName: z.string(),
    direction: z.enum(['inbound', 'outbound']),
    /** Who on the team sent it, for a message the team sent (issue 36.1). */
    author: z.optional(MessageAuthor),
    /** The text around the match, the matched words between MATCH_START and MATCH_END. */
    snippet: z.string(),
    createdAt: DateTime,
  }),
);
export type MessageHit = z.infer<typeof MessageHit>;

/** A record found by name, phone, email or the like; `detail` says what else identifies it. */
export const RecordHit = z.lazy(() =>
  z.looseObject({ id: z.string(), title: z.string(), detail: z.string() }),
);
export type RecordHit = z.infer<typeof RecordHit>;

export const SearchResults = z.lazy(() =>
  z.looseObject({
    query: z.string(),
    messages: z.array(MessageHit),
    contacts: z.array(RecordHit),
    customers: z.array(RecordHit),
    leads: z.array(RecordHit),
    quickReplies: z.array(RecordHit),
  }),
);
export type SearchResults = z.infer<typeof SearchResults>;

/** Splits a snippet into plain and matched parts, for rendering without HTML. */
export function snippetParts(snippet: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  let rest = snippet;
  while (rest.length > 0) {
    const start = rest.indexOf(MATCH_START);
    if (start === -1) {
      parts.push({ text: rest, match: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), match: false });
    const end = rest.indexOf(MATCH_END, start + 1);
    const stop = end === -1 ? rest.length : end;
    parts.push({ text: rest.slice(start + 1, stop), match: true });
    rest = end === -1 ? '' : rest.slice(end + 1);
  }
  return parts.filter((p) => p.text.length > 0);
}
