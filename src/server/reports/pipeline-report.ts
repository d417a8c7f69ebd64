import type { Kysely } from 'kysely';
import type { PipelineReport } from '../../contract';
import type { Database } from '../store/schema';
import { addMoney } from '../screens/money-sums';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { pipelineHistory } from './pipeline-history';
import { forecastOf } from './report-queries';

// The pipeline report: the recorded moves in the range, put in the board's stage order with won
// and lost by the stages' flags, plus the open leads' forecast from the workspace tables now.

export async function pipelineReport(
  db: Kysely<Database>,
  workspace: WorkspaceReader,
  range: { from: string; to: string; start: Date; end: Date; since: string | null },
): Promise<PipelineReport> {
  const stages = await workspace.stages();
  const won = stages.filter((s) => s.is_won).map((s) => s.key);
  const lost = stages.filter((s) => s.is_lost).map((s) => s.key);
  const history = await pipelineHistory(db, { from: range.start, to: range.end }, { won, lost });
  const reached = new Map(history.reached.map((r) => [r.stage, r.leads]));
  const stays = new Map(history.timeInStage.map((t) => [t.stage, t]));
  let previousOpen: number | null = null;
  const rows = stages.map((s) => {
    const outcome = s.is_won ? ('won' as const) : s.is_lost ? ('lost' as const) : ('open' as const);
    const count = reached.get(s.key) ?? 0;
    const conversion =
      outcome === 'open' && previousOpen !== null && previousOpen > 0 ? count / previousOpen : null;
    if (outcome === 'open') previousOpen = count;
    const stay = stays.get(s.key);
    return {
      key: s.key,
      name: s.name,
      outcome,
      reached: count,
      conversion,
      left: stay?.left ?? 0,
      medianStay: stay?.median ?? null,
      p90Stay: stay?.p90 ?? null,
    };
  });
  const wonCount = won.reduce((n, k) => n + (reached.get(k) ?? 0), 0);
  const lostCount = lost.reduce((n, k) => n + (reached.get(k) ?? 0), 0);

  const weeks = new Map<string, PipelineReport['weekly'][number]>();
  for (const w of history.weekly) {
    const key = `${w.week}|${w.currency ?? ''}`;
    const row = weeks.get(key) ?? {
      week: w.week,
      currency: w.currency,
      wonDeals: 0,
      wonValue: 0,
      lostDeals: 0,
      lostValue: 0,
    };
    if (w.outcome === 'won')
      weeks.set(key, { ...row, wonDeals: row.wonDeals + w.deals, wonValue: addMoney(row.wonValue, w.value) });
    else
      weeks.set(key, {
        ...row,
        lostDeals: row.lostDeals + w.deals,
        lostValue: addMoney(row.lostValue, w.value),
      });
  }

  const forecast = await forecastOf(workspace, [...won, ...lost]);

  return {
    since: range.since,
    from: range.from,
    to: range.to,
    stages: rows,
    won: wonCount,
    lost: lostCount,
    winRate: wonCount + lostCount > 0 ? wonCount / (wonCount + lostCount) : null,
    weekly: [...weeks.values()],
    forecast,
  };
}
