import * as z from 'zod/mini';
import { DateTime, LimitParam, PageParam, pageEnvelope } from './common';
import { StorableDateTime, storableText } from './storable';

// The audit log (`GET /bff/audit`, admins only: `canReadAudit` in roles.ts): who did which
// state-changing call through the BFF, every sign-in attempt and every sign-out, and how each ended.
// Never a body, password or cookie.

export const AUDIT_OUTCOMES = ['success', 'failure', 'refused', 'throttled'] as const;
export const AuditOutcome = z.enum(AUDIT_OUTCOMES);
export type AuditOutcome = z.infer<typeof AuditOutcome>;

/** The BFF's own audited actions; everything else is a contract route id (`leads.update`). */
export const AUTH_ACTIONS = { login: 'auth.login', logout: 'auth.logout' } as const;

/** What the BFF changes by itself, with no one's call (an assignment rule's), recorded under these. */
export const AUTOMATIC_ACTIONS = { assignment: 'assignment.auto' } as const;

const Filter = z.string().check(z.trim(), storableText(), z.minLength(1), z.maxLength(200));

/** `GET /bff/audit` query: every filter optional, newest first, paged (a true total). */
export const AuditQuery = z.lazy(() =>
  z
    .strictObject({
      user: z.optional(Filter),
      action: z.optional(Filter),
      outcome: z.optional(AuditOutcome),
      /** Inclusive lower bound. */
      from: z.optional(StorableDateTime),
      /** Exclusive upper bound. */
      to: z.optional(StorableDateTime),
      page: PageParam,
      limit: LimitParam,
    })
    .check(
      z.refine((q) => q.from === undefined || q.to === undefined || Date.parse(q.from) < Date.parse(q.to), {
        message: 'to must be later than from',
        path: ['to'],
      }),
    ),
);
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    at: DateTime,
    username: z.nullable(z.string()),
    role: z.nullable(z.string()),
    /** A contract route id, or one of AUTH_ACTIONS. */
    action: z.string(),
    /** The path's id parameters of the record acted on. */
    record: z.nullable(z.record(z.string(), z.string())),
    status: z.int(),
    outcome: AuditOutcome,
    ip: z.nullable(z.string()),
  }),
);
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = pageEnvelope(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;
