import type { ParamSchemas, RouteSchemas, Schema } from './define';

// The BFF's own routes (`/bff/*`: screens, notes, unread, reports, …) in the shape of the upstream's
// table (define.ts): an id the browser calls, the role matrix names and the BFF registers once, with
// the schemas of what it takes and answers. Never forwarded upstream.

export type BffMethod = 'GET' | 'POST' | 'PUT';

/**
 * What a route needs besides a signed-in session: the team's own database (DATABASE_URL, DATA_DIR
 * or the embedded one), the live workspace (the sync and its tables) or the job queue in that
 * database (work done later or in bulk). Without it the BFF answers 503 with the reason, the same
 * for every route.
 */
export type BffNeed = 'database' | 'live' | 'queue';

export interface BffRouteDef extends RouteSchemas {
  /** Stable name used by the browser's `call`, the role matrix and the BFF's handler tables. */
  readonly id: string;
  readonly method: BffMethod;
  /** The BFF's own path, parameters as `{name}`: `/bff/conversations/{id}/notes`. */
  readonly path: string;
  /** 200 reads and updates, 201 creates, 202 starts work that runs on, 204 answers without a body. */
  readonly status: 200 | 201 | 202 | 204;
  /** True when the route changes state (anything but GET): CSRF-checked, audited. */
  readonly mutates: boolean;
  readonly needs: readonly BffNeed[];
  /** `file`: a download (CSV) the browser navigates to, not JSON parsed with `response`. */
  readonly answer: 'json' | 'file';
  /** Shown when `needs` is missing: "Notes are" not kept … */
  readonly what: string;
  /**
   * Bytes the body may have when more than the app's 1 MB (an import's rows, tens of megabytes):
   * such a body is parsed as it arrives rather than whole, and refused past this (413).
   */
  readonly bodyLimit?: number;
}

interface BffRouteInput {
  id: string;
  method: BffMethod;
  path: string;
  params?: ParamSchemas;
  query?: Schema;
  body?: Schema;
  response: Schema;
  status?: BffRouteDef['status'];
  needs?: readonly BffNeed[];
  answer?: BffRouteDef['answer'];
  what: string;
  bodyLimit?: number;
}

/** A BFF route as its table holds it: literal id, path and schemas; `params` as written (or none). */
export type BffDefined<D extends BffRouteInput> = Omit<BffRouteDef, keyof D | 'params' | 'mutates'> &
  Omit<D, 'params'> & {
    readonly params: D extends { params: infer P extends ParamSchemas } ? P : Readonly<Record<never, Schema>>;
    readonly mutates: boolean;
  };

/** Keeps each route's literal id and schema types, so calls and handlers are typed per route. */
export function bffRoute<const D extends BffRouteInput>(def: D): BffDefined<D>;
export function bffRoute(def: BffRouteInput): BffRouteDef {
  return {
    params: {},
    status: 200,
    needs: [],
    answer: 'json',
    ...def,
    mutates: def.method !== 'GET',
  };
}
