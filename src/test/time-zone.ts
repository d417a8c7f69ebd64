import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Tests of local-time arithmetic in a time zone of their own (src/lib/time-presets.test.ts and the
// menus' preset lists): DST changes, odd offsets, days without a midnight.

/**
 * Runs a block in a named zone: Node reads TZ again whenever it is set, and the zone is put back
 * after. `probe` says whether the zone took effect. Only instants and Date's local fields are
 * checked there: a date formatter keeps the zone it was built in, and src/lib/time-presets.ts keeps
 * its formatters.
 */
export function inZone(zone: string, probe: () => boolean, tests: () => void) {
  describe(`in ${zone}`, () => {
    const before = process.env['TZ'];
    let applied = false;
    beforeAll(() => {
      process.env['TZ'] = zone;
      applied = probe();
    });
    afterAll(() => {
      if (before === undefined) delete process.env['TZ'];
      else process.env['TZ'] = before;
    });
    it('the zone is in force', () => {
      expect(applied, `TZ=${zone} did not take effect in this runner`).toBe(true);
    });
    tests();
  });
}

/** Berlin: CET (UTC+1) in winter, CEST in summer; the clocks change at 02:00 and 03:00 local. */
export const inBerlin = (tests: () => void) =>
  inZone('Europe/Berlin', () => new Date(Date.UTC(2025, 0, 15)).getTimezoneOffset() === -60, tests);

/** Kathmandu: 5:45 ahead of UTC, all year. */
export const inKathmandu = (tests: () => void) =>
  inZone('Asia/Kathmandu', () => new Date(Date.UTC(2025, 0, 15)).getTimezoneOffset() === -345, tests);

/** Santiago: the clocks change at midnight (on 7 September 2025 the day starts at 01:00). */
export const inSantiago = (tests: () => void) =>
  inZone('America/Santiago', () => new Date(Date.UTC(2025, 6, 15)).getTimezoneOffset() === 240, tests);

/** A local wall time; `new Date(y, …)` is fine for tests, whose years are past 99. */
export const localTime = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
  new Date(y, m - 1, d, h, min, s, ms);
