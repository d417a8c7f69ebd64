// A small fetch client for the fake's own tests: real fetches, answered by the msw handlers.
import type { Host } from '../../src/contract/routes';
import { ACME_TENANT } from '../team';

export const TEST_ORIGIN = 'http://127.0.0.1:4010';

export interface CallOptions {
  key?: string | null;
  tenant?: string | null;
  body?: unknown;
  /** Sent as is, for malformed-JSON cases. */
  rawBody?: string;
  query?: Record<string, string | number> | string;
  origin?: string;
}

export interface CallResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = unknown>(
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
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers.set('content-type', 'application/json');
  const query =
    typeof opts.query === 'string'
      ? opts.query
      : new URLSearchParams(Object.entries(opts.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  const url = `${opts.origin ?? TEST_ORIGIN}/${host}/api${path}${query ? `?${query}` : ''}`;
  const res = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

export const social = <T = unknown>(method: string, path: string, opts?: CallOptions) =>
  call<T>('social', method, path, opts);
export const crm = <T = unknown>(method: string, path: string, opts?: CallOptions) =>
  call<T>('crm', method, path, opts);
