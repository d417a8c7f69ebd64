// Assertions the fake's tests share: the spec's error body and the paging envelope.
import { expect } from 'vitest';
import { DEFAULT_LIMIT, ErrorBody, type PageEnvelope } from '../../src/contract/common';
import type { CallResult } from './test-client';

/** The response is `status` with the spec's error body (Part 7); returns the parsed body. */
export function expectErrorBody(res: CallResult, status: number): ErrorBody {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const parsed = ErrorBody.safeParse(res.body);
  expect(parsed.success, JSON.stringify(res.body)).toBe(true);
  const body = parsed.data!;
  expect(body.statusCode).toBe(status);
  return body;
}

/** The message of an error body as one text, whether a sentence or a list of field errors. */
export const errorText = (body: ErrorBody) =>
  Array.isArray(body.message) ? body.message.join('\n') : body.message;

/** A 400 whose field errors include one starting with `field` (decisions.md), in the error body. */
export function expectFieldError(res: CallResult, field: string): void {
  const body = expectErrorBody(res, 400);
  expect(Array.isArray(body.message), errorText(body)).toBe(true);
  expect(errorText(body)).toMatch(new RegExp(`(^|\\n)${field}[ .]`));
}

/** Whatever the contract accepts may still be refused by a rule of the fake, but never with a 500. */
export function expectAnswered(res: CallResult): void {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBeLessThan(500);
  if (res.status >= 400) expectErrorBody(res, res.status);
}

/** A default first page of `total` rows: the envelope maths, and newest first by `time`. */
export function expectFirstPage<T>(page: PageEnvelope<T>, total: number, time: (row: T) => string): void {
  expect(page).toMatchObject({
    total,
    page: 1,
    limit: DEFAULT_LIMIT,
    totalPages: Math.ceil(total / DEFAULT_LIMIT),
    hasMore: true,
  });
  expect(page.data).toHaveLength(DEFAULT_LIMIT);
  const times = page.data.map(time);
  expect([...times].sort().reverse()).toEqual(times);
}
