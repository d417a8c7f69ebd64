import type { MentionList } from '../../contract';
import type { ReadModel } from '../sync/read-model';
import type { NotesRepository } from './notes-repository';

/**
 * The notes that mention a person, newest first, each with where it is (the thread's name as its
 * row shows it, and its channel), as both `GET /bff/mentions` and the workspace bootstrap answer it.
 */
export async function mentionListOf(
  notes: NotesRepository,
  model: ReadModel | null,
  username: string,
): Promise<MentionList> {
  const { rows, unread } = await notes.mentionsOf(username);
  const where = (conversationId: string) => {
    const thread = model?.conversation(conversationId);
    return thread && model ? { name: model.threadName(thread), channelId: thread.channel_id ?? null } : null;
  };
  return {
    mentions: rows.map((r) => ({ note: r.note, readAt: r.readAt, thread: where(r.note.conversationId) })),
    unread,
  };
}
