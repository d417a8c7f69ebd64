import {
  BOARD_PAGE,
  UNMATCHED,
  type Board,
  type BoardCard,
  type BoardColumn,
  type BoardColumnPage,
  type CurrencySum,
  type Lead,
} from '../../contract';
import type { ReadModel } from '../sync/read-model';
import {
  compareKeys,
  cursorOf,
  leadMatcher,
  orderKey,
  parseCursor,
  TopLeads,
  type LeadFilters,
  type OrderKey,
} from './lead-order';
import { addMoney, weightedValue } from './money-sums';

// The lead board from the read model: per stage (and for leads that match no stage) the exact
// count and sums under the filters, and the first page of cards with their follow-up flags; then
// further pages of one column by cursor. Pure functions of the model, one pass over its leads.

class ColumnTally {
  total = 0;
  private readonly sums = new Map<string | null, CurrencySum>();
  readonly top: TopLeads;

  constructor(limit: number) {
    this.top = new TopLeads(limit);
  }

  add(lead: Lead): void {
    this.total++;
    this.top.offer(lead);
    const value = lead.value;
    if (value === null || value === undefined || !Number.isFinite(value)) return;
    const currency = lead.currency || null;
    let sum = this.sums.get(currency);
    if (sum === undefined) {
      sum = { currency, value: 0, weighted: 0 };
      this.sums.set(currency, sum);
    }
    sum.value = addMoney(sum.value, value);
    sum.weighted = addMoney(sum.weighted, weightedValue(value, lead.probability));
  }

  column(stage: string, model: ReadModel): BoardColumn {
    const sums = [...this.sums.values()].sort(
      (a, b) => b.value - a.value || (a.currency ?? '').localeCompare(b.currency ?? ''),
    );
    return { ...pageOf(stage, this.top, model), total: this.total, sums };
  }
}

const cardOf = (lead: Lead, model: ReadModel): BoardCard => ({
  lead,
  followUp: model.followUps.has(lead.id),
});

function pageOf(stage: string, top: TopLeads, model: ReadModel): BoardColumnPage {
  const last = top.items[top.items.length - 1];
  return {
    stage,
    cards: top.items.map((lead) => cardOf(lead, model)),
    nextCursor: top.overflow && last ? cursorOf(last) : null,
  };
}

export interface BoardRequest extends LeadFilters {
  readonly limit?: number | undefined;
}

export function boardOf(model: ReadModel, request: BoardRequest): Board {
  const limit = request.limit ?? BOARD_PAGE;
  const stages = model.stages();
  const tallies = new Map<string, ColumnTally>();
  for (const stage of stages) if (!tallies.has(stage.key)) tallies.set(stage.key, new ColumnTally(limit));
  const unmatched = new ColumnTally(limit);
  const matches = leadMatcher(request);
  for (const lead of model.leads.values()) {
    if (!matches(lead)) continue;
    (tallies.get(lead.status) ?? unmatched).add(lead);
  }
  return {
    // Two stages with one key (the upstream should refuse it) would share their leads: each shows them.
    columns: stages.map((stage) => tallies.get(stage.key)!.column(stage.key, model)),
    unmatched: unmatched.column(UNMATCHED, model),
  };
}

export interface ColumnRequest extends LeadFilters {
  readonly stage: string;
  readonly cursor?: string | undefined;
  readonly limit?: number | undefined;
}

/**
 * The cards of one column after a cursor (from the start without one). A cursor is a position in
 * the order, not an offset, so cards that moved away meanwhile do not shift the next page. A
 * stage key the model does not hold is an empty column (a stage deleted while the board was open).
 */
export function columnPageOf(model: ReadModel, request: ColumnRequest): BoardColumnPage {
  const limit = request.limit ?? BOARD_PAGE;
  const after: OrderKey | null = request.cursor ? parseCursor(request.cursor) : null;
  const stageKeys = new Set(model.stages().map((s) => s.key));
  const inColumn =
    request.stage === UNMATCHED
      ? (lead: Lead) => !stageKeys.has(lead.status)
      : (lead: Lead) => lead.status === request.stage;
  const matches = leadMatcher(request);
  const top = new TopLeads(limit);
  for (const lead of model.leads.values()) {
    if (!inColumn(lead) || !matches(lead)) continue;
    if (after && compareKeys(orderKey(lead), after) <= 0) continue;
    top.offer(lead);
  }
  return pageOf(request.stage, top, model);
}
