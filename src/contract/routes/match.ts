import type { Host, RouteDef } from './define';
import { ROUTES } from './table';
import type { ParamsArg } from './types';

export type PathSegment = { readonly literal: string } | { readonly param: string };

/** A route's path template split once into segments, for every matcher of paths. */
export interface PathTemplate {
  readonly route: RouteDef;
  readonly segments: readonly PathSegment[];
  readonly literalCount: number;
}

const compile = (route: RouteDef): PathTemplate => {
  const segments = route.path
    .split('/')
    .slice(1)
    .map((seg): PathSegment => {
      const m = /^\{(\w+)\}$/.exec(seg);
      return m?.[1] ? { param: m[1] } : { literal: seg };
    });
  return { route, segments, literalCount: segments.filter((s) => 'literal' in s).length };
};

/**
 * Every route's template, fixed paths before templates (`/v1/customers/stats` before
 * `/v1/customers/{id}`): more literal segments first.
 */
export const PATH_TEMPLATES: readonly PathTemplate[] = ROUTES.map(compile).sort(
  (a, b) => b.literalCount - a.literalCount,
);

export interface RouteMatch {
  route: RouteDef;
  /** Decoded path parameters, each valid under the route's param schema. */
  params: Record<string, string>;
}

/**
 * Matches a raw (still percent-encoded) path against the table. Each segment is decoded once;
 * a decoded parameter must pass its schema, so `..`, slashes or anything odd in an id never match.
 * Returns null for anything off the table.
 */
export function matchRoute(host: Host, method: string, rawPath: string): RouteMatch | null {
  if (!rawPath.startsWith('/')) return null;
  const parts = rawPath.split('/').slice(1);
  for (const { route, segments } of PATH_TEMPLATES) {
    if (route.host !== host || route.method !== method || segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < segments.length && ok; i++) {
      const seg = segments[i]!;
      const part = parts[i]!;
      if ('literal' in seg) {
        ok = seg.literal === part;
        continue;
      }
      let decoded: string;
      try {
        decoded = decodeURIComponent(part);
      } catch {
        ok = false;
        continue;
      }
      const schema = route.params[seg.param];
      ok = schema !== undefined && schema.safeParse(decoded).success;
      if (ok) params[seg.param] = decoded;
    }
    if (ok) return { route, params };
  }
  return null;
}

/**
 * Fills a path template with encoded parameters: the one way every caller builds a path. The
 * parameters are typed by the route's template, so a wrong or missing name fails to compile.
 */
export function buildPath<D extends Pick<RouteDef, 'id' | 'path' | 'params'>>(
  route: D,
  ...[params]: ParamsArg<D>
): string {
  const values: Readonly<Record<string, string>> = params ?? {};
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${route.id}`);
    return encodeURIComponent(value);
  });
}
