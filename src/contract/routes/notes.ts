import * as z from 'zod/mini';
import { Id } from '../common';
import { MentionList, Note, NoteCreate, NoteList } from '../notes';
import { bffRoute } from './bff-define';
import { NoContent } from './define';

// Private notes on threads and @mentions: the BFF's own data, never sent upstream. A new note goes
// to every browser on the live stream, each mention to that teammate's only.

/** A note's id as the database numbers it. */
const NoteId = z.string().check(z.regex(/^\d{1,18}$/, 'must be a note id'));

const WHAT = 'Notes are';

export const NOTE_ROUTES = [
  bffRoute({
    id: 'notes.list',
    method: 'GET',
    path: '/bff/conversations/{id}/notes',
    params: { id: Id },
    response: NoteList,
    needs: ['database'],
    what: WHAT,
  }),
  bffRoute({
    id: 'notes.create',
    method: 'POST',
    path: '/bff/conversations/{id}/notes',
    params: { id: Id },
    body: NoteCreate,
    response: Note,
    status: 201,
    needs: ['database'],
    what: WHAT,
  }),
  bffRoute({
    id: 'mentions.list',
    method: 'GET',
    path: '/bff/mentions',
    response: MentionList,
    needs: ['database'],
    what: WHAT,
  }),
  bffRoute({
    id: 'mentions.read',
    method: 'POST',
    path: '/bff/mentions/{noteId}/read',
    params: { noteId: NoteId },
    response: NoContent,
    status: 204,
    needs: ['database'],
    what: WHAT,
  }),
] as const;
