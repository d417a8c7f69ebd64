import * as z from 'zod/mini';
import { DateTime } from './common';
import { storableText } from './storable';

// Private notes on a thread (the BFF's own, never sent to the contact nor to the upstream), with
// @mentions of teammates, who find them in their Mentions view until they read them.

/** Longest note the BFF keeps. */
export const NOTE_MAX = 5_000;
/** Most teammates one note may mention. */
export const MENTIONS_MAX = 20;

/** A teammate who can sign in, as a mention names them. */
export const Mentionable = z.lazy(() => z.looseObject({ username: z.string(), name: z.string() }));
export type Mentionable = z.infer<typeof Mentionable>;

export const Note = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    conversationId: z.string(),
    /** The author's username, and their name as it was when they wrote it. */
    author: z.string(),
    authorName: z.string(),
    body: z.string(),
    /** Usernames of the teammates it mentions. */
    mentions: z.array(z.string()),
    createdAt: DateTime,
  }),
);
export type Note = z.infer<typeof Note>;

export const NoteList = z.lazy(() => z.array(Note));

/** `POST /bff/conversations/{id}/notes` */
export const NoteCreate = z.lazy(() =>
  z.strictObject({
    body: z
      .string()
      .check(
        z.trim(),
        storableText(),
        z.minLength(1, 'Write something first'),
        z.maxLength(NOTE_MAX, `Notes are at most ${String(NOTE_MAX)} characters`),
      ),
    mentions: z.optional(
      z
        .array(z.string().check(storableText(), z.minLength(1), z.maxLength(200)))
        .check(z.maxLength(MENTIONS_MAX)),
    ),
  }),
);
export type NoteCreate = z.infer<typeof NoteCreate>;

/** `GET /bff/mentions`: the notes that mention me, newest first, and how many I have not read. */
export const MentionList = z.lazy(() =>
  z.looseObject({
    mentions: z.array(
      z.looseObject({
        note: Note,
        readAt: z.nullable(DateTime),
        /** Where the note is: the thread's name as its row shows it and its channel; null when the
         *  workspace does not hold the thread (any more), absent from a BFF that does not say. */
        thread: z.optional(
          z.nullable(z.looseObject({ name: z.string(), channelId: z.nullable(z.string()) })),
        ),
      }),
    ),
    unread: z.int(),
  }),
);
export type MentionList = z.infer<typeof MentionList>;
