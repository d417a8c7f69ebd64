import type * as z from 'zod/mini';
import type { RouteDef, SchemaIn } from './define';
import type { RouteId, RouteOf } from './table';

type SchemaOf<R extends RouteId, K extends 'body' | 'query' | 'response'> = SchemaIn<RouteOf<R>, K>;

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

type ParamsOption<R extends RouteId> =
  ParamsArg<RouteOf<R>> extends [params: ParamsOf<R>] ? { params: ParamsOf<R> } : { params?: never };

/**
 * What a call of an upstream route sends, for both typed callers (the browser's and the BFF's
 * own reads): `params` with exactly the template's names, the query and the body.
 */
export type RouteCallOptions<R extends RouteId> = ParamsOption<R> & {
  query?: Partial<QueryOf<R>>;
  body?: BodyOf<R>;
};

/** The options argument, with a caller's `Extra`: required when the route has path parameters. */
export type RouteCallArgs<R extends RouteId, Extra = unknown> =
  ParamsArg<RouteOf<R>> extends [params: ParamsOf<R>]
    ? [options: RouteCallOptions<R> & Extra]
    : [options?: RouteCallOptions<R> & Extra];
