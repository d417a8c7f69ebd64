import type { FastifyBaseLogger } from 'fastify';
import type { Workspace } from '../../contract';
import { mentionListOf } from '../notes/mention-list';
import type { NotesRepository } from '../notes/notes-repository';
import { readPreferences } from '../preferences/preferences-routes';
import type { TeamStore } from '../store/open-store';
import type { ReadMarks } from '../unread/read-marks';
import type { WorkspaceReader } from '../workspace/workspace-reader';

/**
 * What the BFF's database says about a person, for the workspace bootstrap: each part on its own,
 * null when it cannot be read (the screen that needs it then reads it itself).
 */
export function ownDataOf(
  database: TeamStore,
  unread: ReadMarks | null,
  notes: NotesRepository | null,
  workspace: WorkspaceReader | null,
  log: FastifyBaseLogger,
): (username: string) => Promise<Pick<Workspace, 'unread' | 'mentions' | 'preferences'>> {
  const orNull = async <T>(read: (() => Promise<T>) | null): Promise<T | null> => {
    if (read === null) return null;
    try {
      return await read();
    } catch (error) {
      log.warn({ reason: String(error) }, 'workspace: own data not read');
      return null;
    }
  };
  return async (username) => {
    const [u, m, p] = await Promise.all([
      orNull(unread ? () => unread.summary(username) : null),
      orNull(notes ? () => mentionListOf(notes, workspace, username) : null),
      orNull(() => readPreferences(database.db, username)),
    ]);
    return { unread: u, mentions: m, preferences: p };
  };
}
