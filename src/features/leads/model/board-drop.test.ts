import { describe, expect, it } from 'vitest';
import type { Lead } from '@/contract';
import { isColumnDrop, isLeadDrag, resolveDrop, undoOf, UNMATCHED } from './board-drop';

const lead = { id: '6f1c4f0e-9a39-4d55-9b1c-0a1b2c3d4e5f', name: 'Acme Corp', status: 'new' } as Lead;

describe('drop handling', () => {
  const drag = { type: 'lead', lead, from: 'new' };

  it('turns a drop on another column into a move', () => {
    expect(resolveDrop(drag, { type: 'column', column: 'qualified', name: 'Qualified' })).toEqual({
      lead,
      from: 'new',
      to: 'qualified',
    });
  });

  it('ignores drops on the same column, on Unmatched, outside, or of other data', () => {
    expect(resolveDrop(drag, { type: 'column', column: 'new', name: 'New' })).toBeNull();
    expect(resolveDrop(drag, { type: 'column', column: UNMATCHED, name: 'Unmatched' })).toBeNull();
    expect(resolveDrop(drag, undefined)).toBeNull();
    expect(
      resolveDrop({ type: 'stage', id: 'x' }, { type: 'column', column: 'won', name: 'Won' }),
    ).toBeNull();
  });

  it('guards the drag data by its type', () => {
    expect(isLeadDrag(drag)).toBe(true);
    expect(isLeadDrag({ type: 'lead', from: 'new' })).toBe(false);
    expect(isColumnDrop({ type: 'column', column: 'won' })).toBe(true);
    expect(isColumnDrop({ type: 'lead', column: 'won' })).toBe(false);
  });

  it('undoes a move back to the stage it left, not to an unmatched status', () => {
    const keys = new Set(['new', 'qualified']);
    expect(undoOf({ lead, from: 'new', to: 'qualified' }, keys)).toEqual({
      lead: { ...lead, status: 'qualified' },
      from: 'qualified',
      to: 'new',
    });
    expect(undoOf({ lead, from: UNMATCHED, to: 'qualified' }, keys)).toBeNull();
    expect(undoOf({ lead, from: 'gone', to: 'qualified' }, keys)).toBeNull();
  });
});
