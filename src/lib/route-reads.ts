import { notFound } from '@tanstack/react-router';
import { Id } from '@/contract';
import { isApiError } from './api-error';

/**
 * A record id from the URL: anything that is not one (a typo, a truncated link) is a not-found
 * screen at once, not a 400 from the API.
 */
export function recordId(raw: string): string {
  if (!Id.safeParse(raw).success) throw notFound();
  return raw;
}

/** A loader's read of one record: the API's 404 becomes the route's not-found screen. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (isApiError(error) && error.kind === 'not-found') throw notFound();
    throw error;
  }
}
