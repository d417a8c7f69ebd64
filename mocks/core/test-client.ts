// A small fetch client for the fake's own tests: real fetches, answered by the msw handlers (or by
// the loopback server when `origin` names it). The one place tests build URLs, headers and bodies.
import type { Host } from '../../src/contract/routes';
import { DEFAULT_ORIGIN } from '../fake';
import { ACME_TENANT } from '../team';

export const TEST_ORIGIN = DEFAULT_ORIGIN;

/** An id no seeded record has: a well-formed UUID that must answer 404. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, for malformed-JSON cases. */
  rawBody?: string;
  /** Overrides the JSON content type sent with a body (null: none at all). */
  contentType?: string | null;
  query?: Record<string, string | number> | string;
  origin?: string;
}

export interface CallOptions extends RequestOptions {
  /** The `x-api-key` header (default the Acme admin key; null: none). */
  key?: string | null;
  /** The `X-Tenant-Id` header (default Acme; null: none). */
  tenant?: string | null;
}

export interface CallResult<T = unknown> {
  status: number;
  /** The parsed JSON body; null when the response has none. */
  body: T;
  headers: Headers;
}

async function send<T>(
  method: string,
  path: string,
  opts: RequestOptions,
  headers = new Headers(),
): Promise<CallResult<T>> {
  const body = opts.body !== undefined ? JSON.stringify(opts.body) : opts.rawBody;
  const contentType = opts.contentType === undefined ? 'application/json' : opts.contentType;
  if (body !== undefined && contentType !== null) headers.set('content-type', contentType);
  const query =
    typeof opts.query === 'string'
      ? opts.query
      : new URLSearchParams(Object.entries(opts.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  const url = `${opts.origin ?? TEST_ORIGIN}${path}${query ? `?${query}` : ''}`;
  // A Blob keeps fetch from adding its own `text/plain` content type when the test wants none.
  const payload = body !== undefined && contentType === null ? new Blob([body]) : body;
  const res = await fetch(url, { method, headers, ...(payload !== undefined ? { body: payload } : {}) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

/** A call to one of the two hosts, with the Acme admin key and tenant unless told otherwise. */
export function call<T = unknown>(
  host: Host,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<CallResult<T>> {
  const headers = new Headers();
  const key = opts.key === undefined ? 'demo-admin-key' : opts.key;
  const tenant = opts.tenant === undefined ? ACME_TENANT : opts.tenant;
  if (key !== null) headers.set('x-api-key', key);
  if (tenant !== null) headers.set('X-Tenant-Id', tenant);
  return send<T>(method, `/${host}/api${path}`, opts, headers);
}

export const social = <T = unknown>(method: string, path: string, opts?: CallOptions) =>
  call<T>('social', method, path, opts);
export const crm = <T = unknown>(method: string, path: string, opts?: CallOptions) =>
  call<T>('crm', method, path, opts);

/** A call to the `/__fake/` control surface (no auth): `control('POST', 'clock', { body })`. */
export const control = <T = Record<string, unknown>>(
  method: string,
  name: string,
  opts: RequestOptions = {},
) => send<T>(method, `/__fake/${name}`, opts);
