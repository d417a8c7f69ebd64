import { describe, expect, it } from 'vitest';
import { ContactCreate, CustomerUpdate } from '@/contract';
import { ApiError } from './api-error';
import { apiFieldErrors, errorsByPath, readErrorLines, schemaErrors } from './form-errors';

describe('form errors', () => {
  it('reads lines by their full field path and words them as sentences', () => {
    expect(
      readErrorLines(['email must be an email', 'address.city must have at most 100 characters']),
    ).toEqual([
      { path: 'email', message: 'Must be an email.', line: 'email must be an email' },
      {
        path: 'address.city',
        message: 'Must have at most 100 characters.',
        line: 'address.city must have at most 100 characters',
      },
    ]);
  });

  it('keeps the first error of a field when keyed', () => {
    expect(errorsByPath(readErrorLines(['name is required', 'name must be a string']))).toEqual({
      name: 'Is required.',
    });
  });

  it('keeps a line that names no field as it came', () => {
    expect(readErrorLines(['Duplicate!'])).toEqual([{ path: '', message: 'Duplicate!', line: 'Duplicate!' }]);
  });

  it('turns a schema refusal into field errors', () => {
    const result = ContactCreate.safeParse({
      customer_id: '8d0f3a4e-1b2c-4d5e-8f90-123456789abc',
      first_name: '',
      email: 'nope',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = errorsByPath(schemaErrors(result.error));
    expect(errors.email).toBe('Must be an email.');
    expect(errors.first_name).toMatch(/must not be empty/i);
  });

  it('reaches nested address members', () => {
    const result = CustomerUpdate.safeParse({ address: { postal_code: 'x'.repeat(30) } });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(schemaErrors(result.error).map((e) => e.path)).toEqual(['address.postal_code']);
  });

  it('reads an upstream 400 and nothing else', () => {
    const bad = new ApiError(
      400,
      { statusCode: 400, error: 'Bad Request', message: ['mobile must be a phone number'] },
      false,
    );
    expect(errorsByPath(apiFieldErrors(bad) ?? [])).toEqual({ mobile: 'Must be a phone number.' });
    const missing = new ApiError(
      404,
      { statusCode: 404, error: 'Not Found', message: 'Contact not found' },
      false,
    );
    expect(apiFieldErrors(missing)).toBeNull();
    expect(apiFieldErrors(new Error('x'))).toBeNull();
  });
});
