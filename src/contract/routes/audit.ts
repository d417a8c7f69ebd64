import { AuditPage, AuditQuery } from '../audit';
import { bffRoute } from './bff-define';

// The audit log (admins only: roles.ts): who did which state-changing call through the BFF, every
// sign-in and sign-out, newest first, filtered and paged with a true total. Kept in the BFF's
// database.

export const AUDIT_ROUTES = [
  bffRoute({
    id: 'audit.list',
    method: 'GET',
    path: '/bff/audit',
    query: AuditQuery,
    response: AuditPage,
    needs: ['database'],
    what: 'The audit log is',
  }),
] as const;
