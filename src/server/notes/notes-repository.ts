import type { Kysely } from 'kysely';
import type { Note } from '../../contract';
import type { Database } from '../store/schema';
import { guarded } from '../store/store-errors';

// The notes and mentions tables, read and written only here. Every call fails with
// DatabaseUnavailableError when the database cannot serve.

export interface NewNote {
  readonly conversationId: string;
  readonly author: string;
  readonly authorName: string;
  readonly body: string;
  readonly mentions: readonly string[];
  readonly at: Date;
}

export interface MentionRow {
  readonly note: Note;
  readonly readAt: string | null;
}

/** A thread's notes are few; a page of mentions is the newest ones. */
const MENTIONS_PAGE = 50;

export class NotesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Saves a note and its mentions together (all or nothing). */
  async create(note: NewNote): Promise<Note> {
    return guarded(() =>
      this.db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('notes')
          .values({
            conversation_id: note.conversationId,
            author: note.author,
            author_name: note.authorName,
            body: note.body,
            created_at: note.at,
          })
          .returning(['id'])
          .executeTakeFirstOrThrow();
        if (note.mentions.length > 0) {
          await tx
            .insertInto('mentions')
            .values(note.mentions.map((username) => ({ note_id: row.id, username, read_at: null })))
            .execute();
        }
        return {
          id: row.id,
          conversationId: note.conversationId,
          author: note.author,
          authorName: note.authorName,
          body: note.body,
          mentions: [...note.mentions],
          createdAt: note.at.toISOString(),
        };
      }),
    );
  }

  /** A thread's notes, oldest first, each with whom it mentions. */
  async ofConversation(conversationId: string): Promise<Note[]> {
    return guarded(async () => {
      const notes = await this.db
        .selectFrom('notes')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      if (notes.length === 0) return [];
      const mentions = await this.db
        .selectFrom('mentions')
        .select(['note_id', 'username'])
        .where(
          'note_id',
          'in',
          notes.map((n) => n.id),
        )
        .execute();
      return notes.map((n) => ({
        id: n.id,
        conversationId: n.conversation_id,
        author: n.author,
        authorName: n.author_name,
        body: n.body,
        mentions: mentions.filter((m) => m.note_id === n.id).map((m) => m.username),
        createdAt: n.created_at.toISOString(),
      }));
    });
  }

  /** The notes that mention someone, newest first, and how many they have not read. */
  async mentionsOf(username: string): Promise<{ rows: MentionRow[]; unread: number }> {
    return guarded(async () => {
      const rows = await this.db
        .selectFrom('mentions')
        .innerJoin('notes', 'notes.id', 'mentions.note_id')
        .select([
          'notes.id',
          'notes.conversation_id',
          'notes.author',
          'notes.author_name',
          'notes.body',
          'notes.created_at',
          'mentions.read_at',
        ])
        .where('mentions.username', '=', username)
        .orderBy('notes.created_at', 'desc')
        .orderBy('notes.id', 'desc')
        .limit(MENTIONS_PAGE)
        .execute();
      const unread = await this.db
        .selectFrom('mentions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('username', '=', username)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return {
        rows: rows.map((r) => ({
          note: {
            id: r.id,
            conversationId: r.conversation_id,
            author: r.author,
            authorName: r.author_name,
            body: r.body,
            mentions: [username],
            createdAt: r.created_at.toISOString(),
          },
          readAt: r.read_at ? r.read_at.toISOString() : null,
        })),
        unread: Number(unread.n),
      };
    });
  }

  /** Marks someone's mention in a note read; false when the note does not mention them. */
  async readMention(username: string, noteId: string, at: Date): Promise<boolean> {
    return guarded(async () => {
      const result = await this.db
        .updateTable('mentions')
        .set({ read_at: at })
        .where('username', '=', username)
        .where('note_id', '=', noteId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) return true;
      const held = await this.db
        .selectFrom('mentions')
        .select('note_id')
        .where('username', '=', username)
        .where('note_id', '=', noteId)
        .executeTakeFirst();
      return held !== undefined;
    });
  }
}
