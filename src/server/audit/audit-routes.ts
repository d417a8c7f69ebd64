import type { FastifyInstance } from 'fastify';
import { AuditQuery, canReadAudit, type AuditPage } from '../../contract/audit';
import { DEFAULT_LIMIT, fieldErrors } from '../../contract/common';
import { sendBffError } from '../bff-error';
import type { SessionManager } from '../auth/sessions';
import { normaliseUsername, type UserDirectory } from '../auth/users';
import type { AuditLog } from './audit-log';

// GET /bff/audit: the audit log for admins, newest first, filtered and paged with a true total.

export interface AuditRouteDeps {
  readonly sessions: SessionManager;
  readonly users: UserDirectory;
  readonly cookieName: string;
}

export function registerAuditRoutes(app: FastifyInstance, audit: AuditLog, deps: AuditRouteDeps): void {
  app.get('/bff/audit', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await deps.sessions.resolve(request.cookies[deps.cookieName]);
    const user = session ? deps.users.find(session.username) : undefined;
    if (!session || !user) return sendBffError(reply, 401, 'Sign in required');
    request.bffUser = user;
    if (!canReadAudit(user.role)) {
      return sendBffError(reply, 403, `Your role (${user.role}) may not read the audit log`);
    }
    const parsed = AuditQuery.safeParse(request.query ?? {});
    if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error));
    const repo = audit.repository;
    if (repo === null)
      return sendBffError(reply, 503, 'The audit log is not kept: the BFF runs without its database');

    const q = parsed.data;
    const page = q.page ?? 1;
    const limit = q.limit ?? DEFAULT_LIMIT;
    // What was just done shows at once; if the database is down the read below says so.
    await audit.flush();
    const { entries, total } = await repo.list(
      {
        ...(q.user !== undefined ? { user: normaliseUsername(q.user) } : {}),
        ...(q.action !== undefined ? { action: q.action } : {}),
        ...(q.outcome !== undefined ? { outcome: q.outcome } : {}),
        ...(q.from !== undefined ? { from: new Date(q.from) } : {}),
        ...(q.to !== undefined ? { to: new Date(q.to) } : {}),
      },
      { offset: (page - 1) * limit, limit },
    );
    const body: AuditPage = {
      data: entries,
      total,
      page,
      limit,
      totalPages: Math.ceil(total / limit),
      hasMore: page * limit < total,
    };
    return reply.send(body);
  });
}
