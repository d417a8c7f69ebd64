// The input rules every route shares (decisions.md): query and body checked with the contract's
// schemas, failures as field errors that start with the field's name. The dispatcher, the control
// surface and the CRM test harness all check input here, so they cannot drift apart.
import type * as z from 'zod/mini';
import { fieldErrors } from '../../src/contract/common';
import type { RouteDef } from '../../src/contract/routes';

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: string[] };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const refused = (errors: string[]): Checked<never> => ({ ok: false, errors });

export function checkWith<S extends z.ZodMiniType>(schema: S, value: unknown): Checked<z.output<S>> {
  const result = schema.safeParse(value);
  return result.success ? ok(result.data) : refused(fieldErrors(result.error));
}

const isJson = (contentType: string | null) =>
  contentType !== null && /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType.trim());

/**
 * A request body's text as a JSON object (spec: all bodies are JSON, sent as `application/json`).
 * Empty reads as `{}`, so a PATCH of optional fields needs none, whatever the content type.
 */
export function decodeJsonBody(bodyText: string | null, contentType: string | null): Checked<unknown> {
  if (bodyText === null || bodyText.trim() === '') return ok({});
  if (!isJson(contentType)) return refused(['body must be sent as JSON (Content-Type: application/json)']);
  let value: unknown;
  try {
    value = JSON.parse(bodyText);
  } catch {
    return refused(['body must be valid JSON']);
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return ok(value);
  return refused(['body must be a JSON object']);
}

/** URL search parameters as a plain record; a repeated key is an error rather than a silent pick. */
export function searchRecord(search: URLSearchParams): Checked<Record<string, string>> {
  const raw: Record<string, string> = {};
  const repeated: string[] = [];
  for (const [key, value] of search) {
    if (key in raw && !repeated.includes(key)) repeated.push(key);
    raw[key] = value;
  }
  return repeated.length ? refused(repeated.map((k) => `${k} must not be repeated`)) : ok(raw);
}

/** The route's query; a route that takes none refuses every parameter, as the strict ones do. */
export function checkQuery(route: RouteDef, raw: Record<string, unknown>): Checked<unknown> {
  if (route.query) return checkWith(route.query, raw);
  const names = Object.keys(raw);
  return names.length ? refused(names.map((k) => `${k} is not allowed`)) : ok({});
}

/** The route's body, already decoded; undefined for a route that takes none. */
export function checkBody(route: RouteDef, decoded: unknown): Checked<unknown> {
  return route.body ? checkWith(route.body, decoded) : ok(undefined);
}
