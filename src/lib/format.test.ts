import { describe, expect, it } from 'vitest';
import { countOf, initials, money, relativeTime } from './format';
import { phone } from './phone';

describe('format', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('writes relative times', () => {
    expect(relativeTime('2026-11-22T11:59:40Z', now)).toBe('just now');
    expect(relativeTime('2026-11-22T11:55:00Z', now)).toMatch(/5 min/);
    expect(relativeTime('2026-11-22T09:00:00Z', now)).toMatch(/3 hr/);
    expect(relativeTime(null, now)).toBe('');
  });
  it('counts with the noun in the right number', () => {
    expect(countOf(1, 'thread closed', 'threads closed')).toBe('1 thread closed');
    expect(countOf(0, 'thread')).toBe('0 threads');
    expect(countOf(1200, 'lead')).toBe('1,200 leads');
  });
  it('formats money in the record currency', () => {
    expect(money(1200, 'EUR')).toContain('1,200');
    expect(money(1200, 'EUR')).toContain('€');
    expect(money(null, 'EUR')).toBe('');
  });
  it('formats E.164 digits for people and leaves unknown input alone', () => {
    expect(phone('447700900123')).toBe('+44 7700 900123');
    expect(phone('+14155550123')).toBe('+1 415 555 0123');
    expect(phone('abc')).toBe('abc');
  });
  it('takes initials from the first and last names', () => {
    expect(initials('Ada Lovelace King')).toBe('AK');
    expect(initials('')).toBe('?');
  });
});
