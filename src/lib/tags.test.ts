import { describe, expect, it } from 'vitest';
import { NEUTRAL_TAG_COLOR, UNKNOWN_TAG_NAME, resolveTags, safeTagColor, tagsNotOn } from './tags';

const TAGS = [
  { id: 't-vip', name: 'VIP', color: '#e11d48' },
  { id: 't-churn', name: 'Churn risk', color: '#f59e0b' },
  { id: 't-beta', name: 'beta tester', color: null },
];

describe('tag resolution', () => {
  it('resolves ids to names and colours in the record order, not the list order', () => {
    expect(resolveTags(['t-churn', 't-vip'], TAGS)).toEqual([
      { id: 't-churn', name: 'Churn risk', color: '#f59e0b', known: true },
      { id: 't-vip', name: 'VIP', color: '#e11d48', known: true },
    ]);
  });

  it('keeps an unknown id visible as "Unknown tag" in its place', () => {
    const resolved = resolveTags(['t-vip', 'gone', 't-beta'], TAGS);
    expect(resolved.map((t) => t.name)).toEqual(['VIP', UNKNOWN_TAG_NAME, 'beta tester']);
    expect(resolved[1]).toMatchObject({ id: 'gone', known: false, color: NEUTRAL_TAG_COLOR });
  });

  it('drops repeated ids and tolerates missing inputs', () => {
    expect(resolveTags(['t-vip', 't-vip'], TAGS)).toHaveLength(1);
    expect(resolveTags(null, TAGS)).toEqual([]);
    expect(resolveTags(['t-vip'], undefined)[0]?.name).toBe(UNKNOWN_TAG_NAME);
  });

  it('accepts an index map as well as a list', () => {
    const index = new Map(TAGS.map((t) => [t.id, t]));
    expect(resolveTags(['t-beta'], index)[0]?.name).toBe('beta tester');
  });

  it('lets only hex colours through', () => {
    expect(safeTagColor('#abc')).toBe('#abc');
    expect(safeTagColor('red; background:url(x)')).toBe(NEUTRAL_TAG_COLOR);
    expect(safeTagColor(null)).toBe(NEUTRAL_TAG_COLOR);
    expect(resolveTags(['t-beta'], TAGS)[0]?.color).toBe(NEUTRAL_TAG_COLOR);
  });

  it('offers the tags a record lacks, by name regardless of case', () => {
    expect(tagsNotOn(['t-vip'], TAGS).map((t) => t.name)).toEqual(['beta tester', 'Churn risk']);
  });
});
