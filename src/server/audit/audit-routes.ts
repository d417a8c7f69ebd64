import type { AuditPage } from '../../contract/audit';
import { DEFAULT_LIMIT } from '../../contract/common';
import type { AUDIT_ROUTES } from '../../contract/routes';
import { normaliseUsername } from '../auth/users';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import type { AuditLog } from './audit-log';
import type { AuditRepository } from './audit-repository';

// GET /bff/audit: the audit log for admins, newest first, filtered and paged with a true total
// (src/contract/routes/audit.ts; session, role and query checked by register-bff-routes.ts).

type AuditRouteId = (typeof AUDIT_ROUTES)[number]['id'];

export function auditHandlers(audit: AuditLog, repository: AuditRepository): BffHandlers<AuditRouteId> {
  return {
    'audit.list': async ({ query: q }) => {
      const page = q.page ?? 1;
      const limit = q.limit ?? DEFAULT_LIMIT;
      // What was just done shows at once; if the database is down the read below says so.
      await audit.flush();
      const { entries, total } = await repository.list(
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
      return body;
    },
  };
}
