import { describe, expect, it } from 'vitest';
import { safeRedirect } from './auth';

describe('safeRedirect', () => {
  it('keeps in-app paths with their search', () => {
    expect(safeRedirect('/inbox/abc?status=open')).toBe('/inbox/abc?status=open');
  });
  it('refuses other origins and protocol-relative tricks', () => {
    expect(safeRedirect('https://evil.example')).toBe('/inbox');
    expect(safeRedirect('//evil.example/x')).toBe('/inbox');
    expect(safeRedirect('/\\evil.example')).toBe('/inbox');
    expect(safeRedirect(undefined)).toBe('/inbox');
    expect(safeRedirect('/sign-in?redirect=/x')).toBe('/inbox');
  });
});
