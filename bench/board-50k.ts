import { runBoard } from './board';

// The lead board with 50,000 leads (the large seed, grown at the fake before the BFF starts): first
// paint in Chromium and the BFF's memory holding them.
export const run = () => runBoard({ leads: 50_000, paintBudgetMs: 600, withDrops: false });

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run(), null, 2));
}
