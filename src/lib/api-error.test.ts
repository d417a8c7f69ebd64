import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';

const body = (statusCode: number, message: string | string[], error = 'Error') => ({
  statusCode,
  message,
  error,
});

describe('ApiError', () => {
  it('tells a missing scope from a plan limit and names the scope', () => {
    const scope = new ApiError(403, body(403, 'Missing scope(s): leads:update', 'Forbidden'), false);
    expect(scope.kind).toBe('missing-scope');
    expect(scope.userMessage).toContain('leads:update');
    const plan = new ApiError(
      403,
      body(403, 'Plan limit reached: monthly active contacts', 'Forbidden'),
      false,
    );
    expect(plan.kind).toBe('plan-limit');
    expect(plan.userMessage).toContain('monthly active contacts');
  });

  it('says a 404 is not in this workspace', () => {
    expect(new ApiError(404, body(404, 'Lead not found'), false).userMessage).toMatch(
      /not in this workspace/,
    );
  });

  it('calls a 400 a validation error (forms read its lines through lib/form-errors)', () => {
    expect(new ApiError(400, body(400, ['email must be an email']), false).kind).toBe('validation');
  });

  it('retries only network errors, 429 and 5xx', () => {
    expect(new ApiError(0, null, false).retryable).toBe(true);
    expect(new ApiError(429, null, true).retryable).toBe(true);
    expect(new ApiError(503, null, false).retryable).toBe(true);
    expect(new ApiError(400, null, false).retryable).toBe(false);
    expect(new ApiError(404, null, false).retryable).toBe(false);
  });
});
