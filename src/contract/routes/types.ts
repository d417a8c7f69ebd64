import type * as z from 'zod/mini';
import type { RouteDef, Schema } from './define';
import type { RouteId, RouteOf } from './table';

type SchemaOf<R extends RouteId, K extends 'body' | 'query' | 'response'> =
  RouteOf<R> extends Record<K, infer S extends Schema> ? S : never;

/** What the route answers, after parsing. */
export type ResponseOf<R extends RouteId> = z.output<SchemaOf<R, 'response'>>;
/** The body a caller sends (never when the route takes none). */
export type BodyOf<R extends RouteId> = z.input<SchemaOf<R, 'body'>>;
/** The body after the contract's schema parsed it: what the upstream (the fake) works with. */
export type ParsedBodyOf<R extends RouteId> = z.output<SchemaOf<R, 'body'>>;
/** The query the route takes, as values (numbers as numbers). */
export type QueryOf<R extends RouteId> = z.output<SchemaOf<R, 'query'>>;

/**
 * The decoded path parameters of a route definition, by the names its template uses:
 * `{ id: string }` for `/v1/leads/{id}`, `{}` for a route without any. A general `RouteDef`
 * gives a record of strings.
 */
export type PathParams<D extends Pick<RouteDef, 'params'>> = { readonly [K in keyof D['params']]: string };
/** The path parameters of a route of the table, by id. */
export type ParamsOf<R extends RouteId> = PathParams<RouteOf<R>>;

/**
 * The params argument of a call: required with exactly the template's names, and optional (and
 * empty) for a route without parameters.
 */
export type ParamsArg<D extends Pick<RouteDef, 'params'>> = keyof D['params'] extends never
  ? [params?: Readonly<Record<string, never>>]
  : [params: PathParams<D>];
