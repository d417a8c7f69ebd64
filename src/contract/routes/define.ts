import * as z from 'zod/mini';
import { Id } from '../common';
import type { Scope } from '../scopes';

export type Host = 'social' | 'crm';
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export type Schema = z.ZodMiniType;
/** Schemas of the decoded path parameters, by name (`{ id: Id }` for `/v1/leads/{id}`). */
export type ParamSchemas = Readonly<Record<string, Schema>>;

/** What a route of either table (the upstream's, the BFF's own) says of its exchange. */
export interface RouteSchemas {
  /** Schemas of the decoded path parameters, by the names its template uses. */
  readonly params: ParamSchemas;
  readonly query?: Schema;
  readonly body?: Schema;
  readonly response: Schema;
}

/** The schema a route definition gives for `K` (never when it has none). */
export type SchemaIn<D, K extends 'body' | 'query' | 'response'> =
  D extends Record<K, infer S extends Schema> ? S : never;

export interface RouteDef extends RouteSchemas {
  /** Stable name used by the client, the fake and the role matrix. */
  readonly id: string;
  readonly host: Host;
  readonly method: Method;
  /** Path template below the host's base URL, e.g. `/v1/leads/{id}`. */
  readonly path: string;
  /** The scope the key must hold (spec Part 5 and decisions.md). */
  readonly scope: Scope;
  /** When the scope depends on the body (logging an activity on a customer or a lead). */
  readonly scopeFor?: (body: unknown) => Scope;
  /** decisions.md: 200 reads and updates, 201 creates, 202 sends, 204 deletes. */
  readonly status: 200 | 201 | 202 | 204;
  /** True when the route changes state (anything but GET). */
  readonly mutates: boolean;
  /** Part of the spec's text, or an implied operation whose path decisions.md pins. */
  readonly source: 'spec' | 'implied';
}

interface RouteInput {
  id: string;
  host: Host;
  method: Method;
  path: string;
  scope: Scope;
  scopeFor?: (body: unknown) => Scope;
  params?: ParamSchemas;
  query?: Schema;
  body?: Schema;
  response: Schema;
  status: 200 | 201 | 202 | 204;
  source?: RouteDef['source'];
}

/**
 * A route as the table holds it: the literal id, path and schemas of its definition, and `params`
 * exactly as written (no parameters: an empty record), so `ParamsOf` can name them. What the
 * definition leaves out (`query`, `body`, `scopeFor`) stays optional, as on `RouteDef`.
 */
export type Defined<D extends RouteInput> = Omit<RouteDef, keyof D | 'params' | 'source' | 'mutates'> &
  Omit<D, 'params' | 'source'> & {
    readonly params: D extends { params: infer P extends ParamSchemas } ? P : Readonly<Record<never, Schema>>;
    readonly source: RouteDef['source'];
    readonly mutates: boolean;
  };

/** Keeps each route's literal id and schema types, so calls are typed per route. */
export function route<const D extends RouteInput>(def: D): Defined<D>;
export function route(def: RouteInput): RouteDef {
  return { params: {}, source: 'spec', ...def, mutates: def.method !== 'GET' };
}

/** The answer of a 204. */
export const NoContent = z.unknown();
/** The parameters of every `/{id}` route. */
export const idParam = { id: Id };
