// A path that fits a route's template segment by segment but whose parameters are malformed (a
// non-UUID id, a bad escape) is that route called badly: a 400 naming the parameter, after the key
// and scope checks, rather than a 404 that would read as "no such record" (mocks/README.md).
import * as z from 'zod/mini';
import {
  PATH_TEMPLATES,
  matchRoute,
  type Host,
  type PathTemplate,
  type RouteDef,
} from '../../src/contract/routes';
import { checkWith, type Checked } from './validate';

export interface RouteCall {
  route: RouteDef;
  /** Decoded, valid path parameters, or the field errors of the malformed ones. */
  params: Checked<Record<string, string>>;
}

/**
 * The first template (fixed paths come first in the contract's order) whose literal segments fit
 * the path, whatever its parameters hold.
 */
function templateByShape(host: Host, method: string, parts: readonly string[]): PathTemplate | null {
  return (
    PATH_TEMPLATES.find(
      ({ route, segments }) =>
        route.host === host &&
        route.method === method &&
        segments.length === parts.length &&
        segments.every((seg, i) => !('literal' in seg) || seg.literal === parts[i]),
    ) ?? null
  );
}

function checkParams(
  { route, segments }: PathTemplate,
  parts: readonly string[],
): Checked<Record<string, string>> {
  const raw: Record<string, string> = {};
  const undecodable: string[] = [];
  segments.forEach((seg, i) => {
    if ('literal' in seg) return;
    try {
      raw[seg.param] = decodeURIComponent(parts[i] ?? '');
    } catch {
      undecodable.push(`${seg.param} must be correctly percent-encoded`);
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
  const template = templateByShape(host, method, parts);
  return template ? { route: template.route, params: checkParams(template, parts) } : null;
}
