// A path that fits a route's template segment by segment but whose parameters are malformed (a
// non-UUID id, a bad escape) is that route called badly: a 400 naming the parameter, after the key
// and scope checks, rather than a 404 that would read as "no such record" (mocks/README.md).
import * as z from 'zod/mini';
import { ROUTES, matchRoute, type Host, type RouteDef } from '../../src/contract/routes';
import { checkWith, type Checked } from './validate';

export interface RouteCall {
  route: RouteDef;
  /** Decoded, valid path parameters, or the field errors of the malformed ones. */
  params: Checked<Record<string, string>>;
}

const PARAM = /^\{(\w+)\}$/;

/** The route whose template fits the path, with the most literal segments (fixed paths first). */
function routeByShape(host: Host, method: string, parts: readonly string[]): RouteDef | null {
  let best: { route: RouteDef; literals: number } | null = null;
  for (const route of ROUTES) {
    if (route.host !== host || route.method !== method) continue;
    const segments = route.path.split('/').slice(1);
    if (segments.length !== parts.length) continue;
    if (!segments.every((seg, i) => PARAM.test(seg) || seg === parts[i])) continue;
    const literals = segments.filter((seg) => !PARAM.test(seg)).length;
    if (!best || literals > best.literals) best = { route, literals };
  }
  return best?.route ?? null;
}

function checkParams(route: RouteDef, parts: readonly string[]): Checked<Record<string, string>> {
  const raw: Record<string, string> = {};
  const undecodable: string[] = [];
  route.path
    .split('/')
    .slice(1)
    .forEach((seg, i) => {
      const name = PARAM.exec(seg)?.[1];
      if (!name) return;
      try {
        raw[name] = decodeURIComponent(parts[i] ?? '');
      } catch {
        undecodable.push(`${name} must be correctly percent-encoded`);
      }
    });
  if (undecodable.length) return { ok: false, errors: undecodable };
  return checkWith(z.strictObject(route.params), raw) as Checked<Record<string, string>>;
}

/** The contract's match; failing that, the route the path is shaped like, with its param errors. */
export function findRouteCall(host: Host, method: string, rawPath: string): RouteCall | null {
  const match = matchRoute(host, method, rawPath);
  if (match) return { route: match.route, params: { ok: true, value: match.params } };
  if (!rawPath.startsWith('/')) return null;
  const parts = rawPath.split('/').slice(1);
  const route = routeByShape(host, method, parts);
  return route ? { route, params: checkParams(route, parts) } : null;
}
