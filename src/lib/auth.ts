import { ApiError } from './api-error';
import type { LoginBody } from '@/contract';

async function post(path: string, body?: unknown): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'x-csrf': '1',
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiError(0, null, false);
  }
  if (!response.ok) {
    let parsed = null;
    try {
      parsed = (await response.json()) as ApiError['body'];
    } catch {
      // No JSON body.
    }
    throw new ApiError(response.status, parsed, response.headers.get('x-bff-error') === '1');
  }
}

export const signIn = (credentials: LoginBody) => post('/auth/login', credentials);
export const signOut = () => post('/auth/logout');

/** Only same-app paths may be a return target, never another origin. */
/** The page a sign-in goes back to, worth mentioning only when it is not where anyone lands. */
export function askedForPage(target: string | undefined): boolean {
  const page = safeRedirect(target).split(/[?#]/)[0];
  return page !== '/' && page !== '/inbox';
}

export function safeRedirect(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return '/inbox';
  if (target.startsWith('/sign-in')) return '/inbox';
  return target;
}
