import { describe, expect, it } from 'vitest';
import type { Lead } from '@/contract';
import { ownerScanSummary, ownerScanView } from './owner-scan';

const ANA = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';
/** Every third lead is Ana's, the rest Ben's or unassigned. */
const leads = (n: number): Lead[] =>
  Array.from(
    { length: n },
    (_, i) =>
      ({ id: `l${String(i)}`, assigned_to_user_id: i % 3 === 0 ? ANA : i % 3 === 1 ? BEN : null }) as Lead,
  );
const fmt = (n: number) => String(n);

describe('the owner filter over scanned leads', () => {
  it('fills the page from what is scanned and asks for more while it is not full', () => {
    const partial = ownerScanView(leads(30), 520, false, ANA, 1, 25);
    expect(partial.rows).toHaveLength(10);
    expect(partial.needMore).toBe(true);
    expect(partial.totalPages).toBeNull();
    const full = ownerScanView(leads(90), 520, false, ANA, 1, 25);
    expect(full.rows).toHaveLength(25);
    expect(full.rows[0]?.id).toBe('l0');
    expect(full.hasNext).toBe(true);
    expect(full.needMore).toBe(false);
  });

  it('gives the second page the next matches, in order', () => {
    const view = ownerScanView(leads(200), 520, false, ANA, 2, 25);
    expect(view.rows.map((l) => l.id).slice(0, 2)).toEqual(['l75', 'l78']);
    expect(view.rows).toHaveLength(25);
  });

  it('knows the true count and pages once everything is scanned', () => {
    const view = ownerScanView(leads(40), 40, true, ANA, 1, 25);
    expect(view).toMatchObject({ matched: 14, scanned: 40, total: 40, needMore: false, hasNext: false });
    expect(view.totalPages).toBe(1);
    expect(ownerScanSummary(view, fmt)).toBe('14 of 40 leads match · 40 scanned');
  });

  it('matches unassigned leads with "none"', () => {
    expect(ownerScanView(leads(9), 9, true, 'none', 1, 25).matched).toBe(3);
  });

  it('says what is known while the scan goes on', () => {
    const view = ownerScanView(leads(100), 520, false, BEN, 1, 25);
    expect(ownerScanSummary(view, fmt)).toBe('33 leads match so far · 100 of 520 scanned');
  });

  it('asks for no more when a page beyond the matches is complete', () => {
    const view = ownerScanView(leads(40), 40, true, ANA, 3, 25);
    expect(view.rows).toEqual([]);
    expect(view.needMore).toBe(false);
  });
});
