import type * as z from 'zod/mini';
import type { BffRouteDef } from './bff-define';
import type { SchemaIn } from './define';
import { NOTE_ROUTES } from './notes';
import { AUDIT_ROUTES } from './audit';
import { REPORT_ROUTES } from './reports';
import { SEARCH_ROUTES } from './search';
import { SCREEN_ROUTES } from './screens';
import { UNREAD_ROUTES } from './unread';
import { PREFERENCE_ROUTES } from './preferences';
import { PRESENCE_ROUTES } from './presence';
import { SESSION_ROUTES } from './session';
import { WORKSPACE_ROUTES } from './workspace';
import { IMPORT_ROUTES } from './imports';
import { EXPORT_ROUTES } from './exports';
import { SNOOZE_ROUTES } from './snooze';
import { SCHEDULED_ROUTES } from './scheduled';
import { BULK_ROUTES } from './bulk';
import { REMINDER_ROUTES } from './reminders';
import { JOB_ROUTES } from './jobs';
import { AVAILABILITY_ROUTES } from './availability';
import { LABEL_ROUTES } from './labels';
import { SLA_ROUTES } from './sla';
import { ASSIGNMENT_ROUTES } from './assignment';

// Every route of the BFF's own (`/bff/*`), by id: the browser calls them with `call(id, …)`, the
// role matrix (roles.ts) says who may, and the BFF registers each once (src/server/bff-routes).

export const BFF_ROUTES = [
  ...SCREEN_ROUTES,
  ...NOTE_ROUTES,
  ...AUDIT_ROUTES,
  ...REPORT_ROUTES,
  ...SEARCH_ROUTES,
  ...UNREAD_ROUTES,
  ...PREFERENCE_ROUTES,
  ...PRESENCE_ROUTES,
  ...SESSION_ROUTES,
  ...WORKSPACE_ROUTES,
  ...IMPORT_ROUTES,
  ...EXPORT_ROUTES,
  ...SNOOZE_ROUTES,
  ...SCHEDULED_ROUTES,
  ...BULK_ROUTES,
  ...REMINDER_ROUTES,
  ...JOB_ROUTES,
  ...AVAILABILITY_ROUTES,
  ...LABEL_ROUTES,
  ...SLA_ROUTES,
  ...ASSIGNMENT_ROUTES,
] as const;

export type BffRoute = (typeof BFF_ROUTES)[number];
export type BffRouteId = BffRoute['id'];
export type BffRouteOf<R extends BffRouteId> = Extract<BffRoute, { id: R }>;

export const BFF_ROUTES_BY_ID = Object.fromEntries(BFF_ROUTES.map((r) => [r.id, r])) as {
  readonly [R in BffRouteId]: BffRouteOf<R>;
};

/** Every BFF route as its general shape (for code that walks the table). */
export const BFF_ROUTE_LIST: readonly BffRouteDef[] = BFF_ROUTES;

type BffSchemaOf<R extends BffRouteId, K extends 'body' | 'query' | 'response'> = SchemaIn<BffRouteOf<R>, K>;

/** What the route answers, after parsing. */
export type BffResponseOf<R extends BffRouteId> = z.output<BffSchemaOf<R, 'response'>>;
/** The query a caller sends (strings or numbers), and what the BFF works with once parsed. */
export type BffQueryInput<R extends BffRouteId> = z.input<BffSchemaOf<R, 'query'>>;
export type BffQueryOf<R extends BffRouteId> = z.output<BffSchemaOf<R, 'query'>>;
/** The body a caller sends, and what the BFF works with once parsed. */
export type BffBodyInput<R extends BffRouteId> = z.input<BffSchemaOf<R, 'body'>>;
export type BffBodyOf<R extends BffRouteId> = z.output<BffSchemaOf<R, 'body'>>;
/** The decoded path parameters, by the names the template uses. */
export type BffParamsOf<R extends BffRouteId> = { readonly [K in keyof BffRouteOf<R>['params']]: string };
