import { UNMATCHED, type Lead } from '@/contract';

/** The column id of leads whose status matches no stage (the BFF's board says the same). */
export { UNMATCHED };

/** What a dragged card carries. */
export interface LeadDragData {
  type: 'lead';
  lead: Lead;
  /** The card's follow-up flag, for the preview that follows the pointer. */
  followUp?: boolean;
  /** The column the card sits in: a stage key, or UNMATCHED. */
  from: string;
}

/** What a column offers as a drop target. */
export interface ColumnDropData {
  type: 'column';
  /** A stage key, or UNMATCHED (which takes no drops). */
  column: string;
  name: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export function isLeadDrag(value: unknown): value is LeadDragData {
  return (
    isObject(value) &&
    value.type === 'lead' &&
    typeof value.from === 'string' &&
    isObject(value.lead) &&
    typeof value.lead.id === 'string'
  );
}

export function isColumnDrop(value: unknown): value is ColumnDropData {
  return isObject(value) && value.type === 'column' && typeof value.column === 'string';
}

export interface LeadMove {
  lead: Lead;
  /** Column the card leaves (stage key or UNMATCHED). */
  from: string;
  /** Stage key the lead's status becomes. */
  to: string;
}

/**
 * What a drop means: a move to another stage, or nothing (dropped outside, on its own column, on
 * the Unmatched column, or with data of another kind).
 */
export function resolveDrop(active: unknown, over: unknown): LeadMove | null {
  if (!isLeadDrag(active) || !isColumnDrop(over)) return null;
  if (over.column === UNMATCHED || over.column === active.from) return null;
  return { lead: active.lead, from: active.from, to: over.column };
}

/** The move that undoes a move, when there is one (an unmatched status is no stage to go back to). */
export function undoOf(move: LeadMove, stageKeys: ReadonlySet<string>): LeadMove | null {
  if (move.from === UNMATCHED || !stageKeys.has(move.from)) return null;
  return { lead: { ...move.lead, status: move.to }, from: move.to, to: move.from };
}
