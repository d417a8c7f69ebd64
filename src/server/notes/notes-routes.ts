import type { NOTE_ROUTES } from '../../contract/routes';
import type { UserDirectory } from '../auth/users';
import { sendBffError } from '../bff-error';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import type { EventBus } from '../events/bus';
import { guarded } from '../store/store-errors';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { mentionListOf } from './mention-list';
import type { NotesRepository } from './notes-repository';

// Private notes on threads and @mentions (the BFF's own data, never sent upstream; routes in
// src/contract/routes/notes.ts):
//   GET  /bff/conversations/{id}/notes   a thread's notes, oldest first
//   POST /bff/conversations/{id}/notes   a new note (201); mentions must name people who can sign in
//   GET  /bff/mentions                   the notes that mention me, newest first, and how many unread
//   POST /bff/mentions/{noteId}/read     I have seen it
// A new note goes to every browser on the live stream; each mention to that teammate's only.

export interface NotesRouteDeps {
  readonly users: UserDirectory;
  readonly notes: NotesRepository;
  readonly bus: EventBus | null;
  /** The threads the workspace holds (a note on another is a 404); null without the live workspace. */
  readonly workspace: WorkspaceReader | null;
  readonly clock: () => number;
}

type NoteRouteId = (typeof NOTE_ROUTES)[number]['id'];

export function notesHandlers(deps: NotesRouteDeps): BffHandlers<NoteRouteId> {
  const known = async (id: string) =>
    deps.workspace === null || (await guarded(() => deps.workspace!.conversation(id))) !== undefined;

  return {
    'notes.list': ({ params }) => deps.notes.ofConversation(params.id),

    'notes.create': async ({ user, params, body, reply }) => {
      const mentions = [...new Set((body.mentions ?? []).map((m) => m.trim().toLowerCase()))];
      const unknown = mentions.filter((m) => deps.users.find(m) === undefined);
      if (unknown.length > 0) {
        return sendBffError(
          reply,
          400,
          unknown.map((m) => `mentions: ${m} is not a teammate who can sign in`),
        );
      }
      if (!(await known(params.id))) return sendBffError(reply, 404, 'Not in this workspace');
      const note = await deps.notes.create({
        conversationId: params.id,
        author: user.username,
        authorName: user.displayName,
        body: body.body,
        mentions,
        at: new Date(deps.clock()),
      });
      await deps.bus?.publish([
        { event: { type: 'note.created', note } },
        ...mentions
          .filter((m) => m !== user.username)
          .map((m) => ({ event: { type: 'mention.created' as const, note }, audience: [m] })),
      ]);
      return note;
    },

    'mentions.list': ({ user }) => mentionListOf(deps.notes, deps.workspace, user.username),

    'mentions.read': async ({ user, params, reply }) => {
      const held = await deps.notes.readMention(user.username, params.noteId, new Date(deps.clock()));
      return held ? undefined : sendBffError(reply, 404, 'No such mention of you');
    },
  };
}
