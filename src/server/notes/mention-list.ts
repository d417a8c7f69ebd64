import type { Conversation, MentionList } from '../../contract';
import { guarded } from '../store/store-errors';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { NotesRepository } from './notes-repository';

/**
 * The notes that mention a person, newest first, each with where it is (the thread's name as its
 * row shows it, and its channel), as both `GET /bff/mentions` and the workspace bootstrap answer it.
 * The page's threads and their names are read in one batch of queries, not one per mention.
 */
export async function mentionListOf(
  notes: NotesRepository,
  workspace: WorkspaceReader | null,
  username: string,
): Promise<MentionList> {
  const { rows, unread } = await notes.mentionsOf(username);
  const threads = workspace
    ? await guarded(() => threadsOf(workspace, [...new Set(rows.map((r) => r.note.conversationId))]))
    : new Map<string, Conversation>();
  const names = workspace
    ? await guarded(() => workspace.threadNames([...threads.values()]))
    : new Map<string, string>();
  const where = (conversationId: string) => {
    const thread = threads.get(conversationId);
    const name = names.get(conversationId);
    return thread && name !== undefined ? { name, channelId: thread.channel_id ?? null } : null;
  };
  return {
    mentions: rows.map((r) => ({ note: r.note, readAt: r.readAt, thread: where(r.note.conversationId) })),
    unread,
  };
}

/** The threads the workspace holds among these, by id (one query). */
async function threadsOf(
  workspace: WorkspaceReader,
  ids: readonly string[],
): Promise<Map<string, Conversation>> {
  if (ids.length === 0) return new Map();
  const rows = await workspace.db
    .selectFrom('ws_conversations')
    .select(['id', 'data'])
    .where('id', 'in', ids)
    .where('removed_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.id, r.data]));
}
