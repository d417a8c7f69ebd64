import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { roleCan } from '../../contract';
import {
  IMPORT_FIELDS,
  REFUSED_SHOWN,
  type ImportKind,
  type ImportState,
  type MappedRow,
  type RefusedRows,
} from '../../contract/imports';
import type { IMPORT_ROUTES } from '../../contract/routes';
import type { User } from '../auth/users';
import { sendBffError, sendRetryLater } from '../bff-error';
import type { BffHandler, BffHandlers } from '../bff-routes/bff-handlers';
import { csvStream, type CsvColumn } from '../exports/csv-stream';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { checkRows } from './check-rows';
import { rowProblems } from './import-body';
import type { StoredRow } from './import-records';
import type { ImportRepository } from './import-repository';
import { workspaceReady, type ImportRunner } from './import-runner';

// CSV import (issue 15; routes in src/contract/routes/imports.ts). The browser reads the file, maps
// its columns and shows a preview; the rows come here as mapped cells, are checked against the
// contract again and matched for duplicates, and are kept as a job before anything is sent:
//   POST /bff/imports                 a job from the mapped rows (201, state `ready`)
//   GET  /bff/imports                 the latest jobs
//   GET  /bff/imports/{id}            one job and its counts (the screen polls it while running)
//   POST /bff/imports/{id}/start      runs it (also resumes a paused one)
//   POST /bff/imports/{id}/pause      stops after the current row
//   POST /bff/imports/{id}/cancel     stops for good; rows done stay done
//   GET  /bff/imports/{id}/report.csv every row, its outcome and why (?outcome= one outcome)
//   GET  /bff/imports/{id}/refused    the first refused rows and why, for the job's screen
// Managers and admins import (the role matrix); a job of a kind whose records the role may not
// create is refused here.

export interface ImportRouteDeps {
  readonly repository: ImportRepository;
  readonly runner: ImportRunner;
  readonly workspace: WorkspaceReader;
  readonly clock: () => number;
}

type ImportRouteId = (typeof IMPORT_ROUTES)[number]['id'];

const RECENT = 20;
const LOADING_RETRY_MS = 5_000;

/** Whether the role may create the records a job of this kind makes. */
const canImport = (user: User, kind: ImportKind): boolean =>
  kind === 'customers'
    ? roleCan(user.role, 'customers.create') && roleCan(user.role, 'contacts.create')
    : roleCan(user.role, 'leads.create');

export function importHandlers(deps: ImportRouteDeps): BffHandlers<ImportRouteId> {
  const { repository: repo, runner, workspace } = deps;
  const now = () => new Date(deps.clock());

  /** The job named in the path, or null once a 404 is sent. */
  const jobOf = async (id: string, reply: FastifyReply) => {
    const job = await repo.get(id);
    if (!job) sendBffError(reply, 404, 'No such import');
    return job ?? null;
  };

  const stop =
    (
      to: ImportState,
      from: ImportState[],
      reason: (u: User) => string | null,
    ): BffHandler<'imports.pause' | 'imports.cancel'> =>
    async ({ user, params, reply }) => {
      const job = await jobOf(params.id, reply);
      if (!job) return reply;
      if (!(await repo.setState(job.id, to, now(), { from, reason: reason(user) })))
        return sendBffError(reply, 409, `This import is ${job.state}; it cannot be ${to} now`);
      await runner.settled(job.id);
      return (await repo.get(job.id)) ?? sendBffError(reply, 404, 'No such import');
    };

  return {
    'imports.list': async () => ({ data: await repo.recent(RECENT) }),

    'imports.create': async ({ user, body, reply }) => {
      const { kind, duplicates, fileName } = body;
      if (!canImport(user, kind)) return sendBffError(reply, 403, 'Only managers and admins import records');
      const problems = await rowProblems(kind, body.rows);
      if (problems.length > 0) return sendBffError(reply, 400, problems);
      const rows = body.rows as MappedRow[];
      // Duplicates are found in the workspace tables: not before the sync has read them in full.
      if (!(await workspaceReady(workspace, kind)))
        return sendRetryLater(
          reply,
          503,
          LOADING_RETRY_MS,
          'The workspace is still loading; try again in a moment',
        );
      const checked = await checkRows(kind, rows, workspace);
      return repo.create(
        {
          id: randomUUID(),
          kind,
          duplicates,
          fileName,
          createdBy: user.username,
          duplicatesFound: checked.duplicatesFound,
          at: now(),
        },
        checked.rows,
      );
    },

    'imports.get': async ({ params, reply }) => (await jobOf(params.id, reply)) ?? reply,

    'imports.start': async ({ params, reply }) => {
      const job = await jobOf(params.id, reply);
      if (!job) return reply;
      if (!(await runner.start(job.id))) {
        const why =
          job.state === 'running'
            ? 'This import is already running'
            : `This import is ${job.state} and cannot be started again`;
        return sendBffError(reply, 409, why);
      }
      return (await repo.get(job.id)) ?? sendBffError(reply, 404, 'No such import');
    },

    'imports.pause': stop('paused', ['running'], (u) => `Paused by ${u.displayName}`),
    'imports.cancel': stop('cancelled', ['ready', 'running', 'paused'], () => null),

    'imports.refused': async ({ params, reply }) => {
      const job = await jobOf(params.id, reply);
      if (!job) return reply;
      const rows: RefusedRows['rows'] = [];
      for await (const row of repo.rows(job.id, 'refused')) {
        rows.push({ rowNumber: row.rowNumber, reason: row.reason });
        if (rows.length >= REFUSED_SHOWN) break;
      }
      return { rows };
    },

    'imports.report': async ({ params, query, reply }) => {
      const job = await jobOf(params.id, reply);
      if (!job) return reply;
      const columns: CsvColumn<StoredRow>[] = [
        { header: 'Row', value: (r) => r.rowNumber },
        { header: 'Outcome', value: (r) => r.outcome },
        { header: 'Reason', value: (r) => r.reason },
        { header: 'Record id', value: (r) => r.recordId },
        ...IMPORT_FIELDS[job.kind].map((f) => ({ header: f.label, value: (r: StoredRow) => r.cells[f.key] })),
      ];
      const base = job.fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '-') || 'import';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${base}-report.csv"`)
        .send(csvStream(repo.rows(job.id, query.outcome), columns));
    },
  };
}
