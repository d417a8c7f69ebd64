export {};
// `npm run bench`: every benchmark in turn, printing its figures and whether each budget holds.
// Benchmarks measure; tests never time anything.
interface BenchResult {
  name: string;
  figures: Record<string, unknown>;
  detail?: string[];
  budgets?: { label: string; pass: boolean }[];
}

const BENCHES: [string, () => Promise<{ run: () => Promise<unknown> }>][] = [
  ['first-screen', () => import('./first-screen')],
  ['bff-overhead', () => import('./bff-overhead')],
  ['inbox-thread', () => import('./inbox-thread')],
  ['board', () => import('./board')],
  ['board-50k', () => import('./board-50k')],
  ['live-calls', () => import('./live-calls')],
  ['live-streams', () => import('./live-streams')],
  ['live-inbound', () => import('./live-inbound')],
  ['inbox-calls', () => import('./inbox-calls')],
  ['team-live', () => import('./team-live')],
  ['search', () => import('./search')],
  ['import-healthz', () => import('./import-healthz')],
  ['job-queue', () => import('./job-queue')],
  ['bulk-kill', () => import('./bulk-kill')],
  ['assignment', () => import('./assignment')],
  ['lighthouse', () => import('./lighthouse')],
  ['workspace-scale', () => import('./workspace-scale')],
  ['sla', () => import('./sla')],
];

const only = process.argv.slice(2);
let failed = 0;
for (const [name, load] of BENCHES) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n== ${name}`);
  try {
    const result = (await (await load()).run()) as BenchResult;
    console.log(JSON.stringify(result.figures ?? result, null, 2));
    for (const line of result.detail ?? []) console.log(`  ${line}`);
    for (const budget of result.budgets ?? []) {
      console.log(`  ${budget.pass ? 'PASS' : 'FAIL'} ${budget.label}`);
      if (!budget.pass) failed++;
    }
  } catch (error) {
    failed++;
    console.log(`  FAIL ${name} did not run: ${error instanceof Error ? error.message : String(error)}`);
  }
}
console.log(failed ? `\n${String(failed)} budget(s) missed or benchmark(s) failed` : '\nAll budgets hold');
process.exit(failed ? 1 : 0);
