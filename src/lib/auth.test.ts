import { describe, expect, it } from 'vitest';
import { askedForPage, safeRedirect } from './auth';

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

describe('askedForPage', () => {
  it('mentions the way back only for a page other than where everyone lands', () => {
    expect(askedForPage(undefined)).toBe(false);
    expect(askedForPage('/')).toBe(false);
    expect(askedForPage('/inbox')).toBe(false);
    expect(askedForPage('/inbox?status=open')).toBe(false);
    expect(askedForPage('//evil.example')).toBe(false);
    expect(askedForPage('/leads?search=ana')).toBe(true);
    expect(askedForPage('/inbox/abc')).toBe(true);
  });
});
