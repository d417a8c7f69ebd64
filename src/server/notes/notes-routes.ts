import type { FastifyInstance } from 'fastify';
import { NoteCreate, fieldErrors } from '../../contract';
import type { UserDirectory } from '../auth/users';
import { sendBffError } from '../bff-error';
import type { EventBus } from '../events/bus';
import { fromStore, ownDataUser, pathId, type OwnDataDeps } from '../store/own-data-routes';
import { guarded } from '../store/store-errors';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { mentionListOf } from './mention-list';
import type { NotesRepository } from './notes-repository';

// Private notes on threads and @mentions (the BFF's own data, never sent upstream):
//   GET  /bff/conversations/{id}/notes   a thread's notes, oldest first
//   POST /bff/conversations/{id}/notes   a new note (201); mentions must name people who can sign in
//   GET  /bff/mentions                   the notes that mention me, newest first, and how many unread
//   POST /bff/mentions/{noteId}/read     I have seen it
// A new note goes to every browser on the live stream; each mention to that teammate's only.

export interface NotesRouteDeps extends OwnDataDeps {
  readonly users: UserDirectory;
  /** null: the BFF runs without its database. */
  readonly notes: NotesRepository | null;
  readonly bus: EventBus | null;
  /** The threads the workspace holds (a note on another is a 404); null without the live workspace. */
  readonly workspace: WorkspaceReader | null;
  readonly clock: () => number;
}

const WHAT = 'Notes are';

export function registerNotesRoutes(app: FastifyInstance, deps: NotesRouteDeps): void {
  const kept = { available: deps.notes !== null, what: WHAT };
  const known = async (id: string) =>
    deps.workspace === null || (await guarded(() => deps.workspace!.conversation(id))) !== undefined;

  app.get('/bff/conversations/:id/notes', async (request, reply) => {
    const user = await ownDataUser(request, reply, deps, kept);
    if (!user) return reply;
    const id = pathId(request, reply);
    if (id === null) return reply;
    return fromStore(reply, WHAT, async () => reply.send(await deps.notes!.ofConversation(id)));
  });

  app.post('/bff/conversations/:id/notes', async (request, reply) => {
    const user = await ownDataUser(request, reply, deps, kept);
    if (!user) return reply;
    const id = pathId(request, reply);
    if (id === null) return reply;
    const parsed = NoteCreate.safeParse(request.body ?? {});
    if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error));
    const mentions = [...new Set((parsed.data.mentions ?? []).map((m) => m.trim().toLowerCase()))];
    const unknown = mentions.filter((m) => deps.users.find(m) === undefined);
    if (unknown.length > 0) {
      return sendBffError(
        reply,
        400,
        unknown.map((m) => `mentions: ${m} is not a teammate who can sign in`),
      );
    }
    return fromStore(reply, WHAT, async () => {
      if (!(await known(id))) return sendBffError(reply, 404, 'Not in this workspace');
      const note = await deps.notes!.create({
        conversationId: id,
        author: user.username,
        authorName: user.displayName,
        body: parsed.data.body,
        mentions,
        at: new Date(deps.clock()),
      });
      await deps.bus?.publish([
        { event: { type: 'note.created', note } },
        ...mentions
          .filter((m) => m !== user.username)
          .map((m) => ({ event: { type: 'mention.created' as const, note }, audience: [m] })),
      ]);
      return reply.code(201).send(note);
    });
  });

  app.get('/bff/mentions', async (request, reply) => {
    const user = await ownDataUser(request, reply, deps, kept);
    if (!user) return reply;
    return fromStore(reply, WHAT, async () => {
      const body = await mentionListOf(deps.notes!, deps.workspace, user.username);
      return reply.send(body);
    });
  });

  app.post('/bff/mentions/:noteId/read', async (request, reply) => {
    const user = await ownDataUser(request, reply, deps, kept);
    if (!user) return reply;
    const noteId = (request.params as { noteId?: string }).noteId ?? '';
    if (!/^\d{1,18}$/.test(noteId)) return sendBffError(reply, 400, ['noteId must be a note id']);
    return fromStore(reply, WHAT, async () => {
      const held = await deps.notes!.readMention(user.username, noteId, new Date(deps.clock()));
      if (!held) return sendBffError(reply, 404, 'No such mention of you');
      return reply.code(204).send();
    });
  });
}
