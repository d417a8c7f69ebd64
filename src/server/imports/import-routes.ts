import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldErrors, roleCan } from '../../contract';
import {
  IMPORT_FIELDS,
  ImportCreateEnvelope,
  MAX_IMPORT_ROWS,
  REFUSED_SHOWN,
  RowOutcome,
  type DuplicatePolicy,
  type ImportKind,
  type ImportState,
  type MappedRow,
  type RefusedRows,
} from '../../contract/imports';
import type { User } from '../auth/users';
import { sendBffError, sendRetryLater } from '../bff-error';
import { csvStream, type CsvColumn } from '../exports/csv-stream';
import { fromStore, ownDataUser, pathId, type OwnDataDeps } from '../store/own-data-routes';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { checkRows } from './check-rows';
import { MAX_MESSAGES, parseImportBody, rowProblems } from './import-body';
import type { StoredRow } from './import-records';
import type { ImportRepository } from './import-repository';
import { workspaceReady, type ImportRunner } from './import-runner';

// CSV import (issue 15). The browser reads the file, maps its columns and shows a preview; the
// rows come here as mapped cells, are checked against the contract again and matched for
// duplicates, and are kept as a job before anything is sent:
//   POST /bff/imports                 a job from the mapped rows (201, state `ready`)
//   GET  /bff/imports                 the latest jobs
//   GET  /bff/imports/{id}            one job and its counts (the screen polls it while running)
//   POST /bff/imports/{id}/start      runs it (also resumes a paused one)
//   POST /bff/imports/{id}/pause      stops after the current row
//   POST /bff/imports/{id}/cancel     stops for good; rows done stay done
//   GET  /bff/imports/{id}/report.csv every row, its outcome and why (?outcome= one outcome)
//   GET  /bff/imports/{id}/refused    the first refused rows and why, for the job's screen
// Managers and admins import (they may create the records); agents get a 403.

export interface ImportRouteDeps extends OwnDataDeps {
  readonly repository: ImportRepository | null;
  readonly runner: ImportRunner | null;
  readonly workspace: WorkspaceReader | null;
  readonly clock: () => number;
}

const WHAT = 'Imports are';
const RECENT = 20;
const LOADING_RETRY_MS = 5_000;

const canImport = (user: User, kind?: ImportKind): boolean =>
  kind === 'customers'
    ? roleCan(user.role, 'customers.create') && roleCan(user.role, 'contacts.create')
    : kind === 'leads'
      ? roleCan(user.role, 'leads.create')
      : roleCan(user.role, 'leads.create') || roleCan(user.role, 'customers.create');

export function registerImportRoutes(app: FastifyInstance, deps: ImportRouteDeps): void {
  const kept = { available: deps.repository !== null && deps.workspace !== null, what: WHAT };
  const repo = () => deps.repository!;
  const now = () => new Date(deps.clock());

  /** The signed-in importer, or null once a 401, 403 or 503 is sent. */
  const importer = async (request: FastifyRequest, reply: FastifyReply, kind?: ImportKind) => {
    const user = await ownDataUser(request, reply, deps, kept);
    if (!user) return null;
    if (!canImport(user, kind)) {
      sendBffError(reply, 403, 'Only managers and admins import records');
      return null;
    }
    return user;
  };

  /** The job named in the path, or null once a 400 or 404 is sent. */
  const jobOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const id = pathId(request, reply);
    if (id === null) return null;
    const job = await repo().get(id);
    if (!job) sendBffError(reply, 404, 'No such import');
    return job ?? null;
  };

  // Who may not import is answered before a body of tens of megabytes is read.
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await importer(request, reply))) return reply;
  };

  // The one route whose body is large: in a scope of its own, its JSON is parsed as it arrives
  // (import-body.ts) instead of by the app's parser, which reads the whole body and then parses it
  // in one go, and it enforces IMPORT_BODY_LIMIT itself. Hooks and the error handler are the app's.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', parseImportBody);
    scope.post('/bff/imports', { onRequest }, async (request, reply) => {
      const raw = (request.body ?? {}) as { rows?: unknown };
      if (Array.isArray(raw.rows) && raw.rows.length > MAX_IMPORT_ROWS)
        return sendBffError(reply, 400, [
          `rows: the file has ${raw.rows.length.toLocaleString('en')} rows; import at most ${MAX_IMPORT_ROWS.toLocaleString('en')} at a time`,
        ]);
      const parsed = ImportCreateEnvelope.safeParse(request.body ?? {});
      if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error).slice(0, MAX_MESSAGES));
      const { kind, duplicates, fileName } = parsed.data;
      const user = await importer(request, reply, kind);
      if (!user) return reply;
      const problems = await rowProblems(kind, parsed.data.rows);
      if (problems.length > 0) return sendBffError(reply, 400, problems);
      const rows = parsed.data.rows as MappedRow[];
      return createJob(reply, user, { kind, duplicates, fileName, rows });
    });
  });

  const createJob = async (
    reply: FastifyReply,
    user: User,
    body: { kind: ImportKind; duplicates: DuplicatePolicy; fileName: string; rows: MappedRow[] },
  ) => {
    const { kind, duplicates, fileName, rows } = body;
    // Duplicates are found in the workspace tables: not before the sync has read them in full.
    const workspace = deps.workspace!;
    return fromStore(reply, WHAT, async () => {
      if (!(await workspaceReady(workspace, kind)))
        return sendRetryLater(
          reply,
          503,
          LOADING_RETRY_MS,
          'The workspace is still loading; try again in a moment',
        );
      const checked = await checkRows(kind, rows, workspace);
      const job = await repo().create(
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
      return reply.code(201).send(job);
    });
  };

  app.get('/bff/imports', async (request, reply) => {
    if (!(await importer(request, reply))) return reply;
    return fromStore(reply, WHAT, async () => reply.send({ data: await repo().recent(RECENT) }));
  });

  app.get('/bff/imports/:id', async (request, reply) => {
    if (!(await importer(request, reply))) return reply;
    return fromStore(reply, WHAT, async () => {
      const job = await jobOf(request, reply);
      return job ? reply.send(job) : reply;
    });
  });

  app.post('/bff/imports/:id/start', async (request, reply) => {
    if (!(await importer(request, reply))) return reply;
    return fromStore(reply, WHAT, async () => {
      const job = await jobOf(request, reply);
      if (!job) return reply;
      if (!(await deps.runner!.start(job.id))) {
        const why =
          job.state === 'running'
            ? 'This import is already running'
            : `This import is ${job.state} and cannot be started again`;
        return sendBffError(reply, 409, why);
      }
      return reply.code(202).send(await repo().get(job.id));
    });
  });

  const stopRoute = (
    path: string,
    to: ImportState,
    from: ImportState[],
    reason: (u: User) => string | null,
  ) =>
    app.post(path, async (request, reply) => {
      const user = await importer(request, reply);
      if (!user) return reply;
      return fromStore(reply, WHAT, async () => {
        const job = await jobOf(request, reply);
        if (!job) return reply;
        if (!(await repo().setState(job.id, to, now(), { from, reason: reason(user) })))
          return sendBffError(reply, 409, `This import is ${job.state}; it cannot be ${to} now`);
        await deps.runner!.settled(job.id);
        return reply.send(await repo().get(job.id));
      });
    });
  stopRoute('/bff/imports/:id/pause', 'paused', ['running'], (u) => `Paused by ${u.displayName}`);
  stopRoute('/bff/imports/:id/cancel', 'cancelled', ['ready', 'running', 'paused'], () => null);

  app.get('/bff/imports/:id/refused', async (request, reply) => {
    if (!(await importer(request, reply))) return reply;
    return fromStore(reply, WHAT, async () => {
      const job = await jobOf(request, reply);
      if (!job) return reply;
      const rows: RefusedRows['rows'] = [];
      for await (const row of repo().rows(job.id, 'refused')) {
        rows.push({ rowNumber: row.rowNumber, reason: row.reason });
        if (rows.length >= REFUSED_SHOWN) break;
      }
      return reply.send({ rows } satisfies RefusedRows);
    });
  });

  app.get('/bff/imports/:id/report.csv', async (request, reply) => {
    if (!(await importer(request, reply))) return reply;
    const outcomeText = (request.query as Record<string, unknown> | undefined)?.outcome;
    const outcome = outcomeText === undefined ? undefined : RowOutcome.safeParse(outcomeText);
    if (outcome && !outcome.success)
      return sendBffError(reply, 400, ['outcome must be one of pending, created, updated, skipped, refused']);
    return fromStore(reply, WHAT, async () => {
      const job = await jobOf(request, reply);
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
        .send(csvStream(repo().rows(job.id, outcome?.data), columns));
    });
  });
}
