import { execFileSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, chromiumPath, sessionCookie, startStack, waitForWarmInbox } from './lib/stack';
import { median } from './lib/board-page';

// Lighthouse's performance score, signed in as the demo admin, on the built app through the BFF
// (the demo seed), in the system Chromium: the mobile preset (simulated slow 4G, 4x CPU) and the
// desktop preset, each page three times, the median kept. Issue 13: mobile ≥ 90, desktop ≥ 98.

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const BUDGET = { mobile: 90, desktop: 98 } as const;
type Preset = keyof typeof BUDGET;

async function firstThread(baseURL: string, cookie: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/social/v1/conversations?limit=1`, { headers: { cookie } });
  const list = (await response.json()) as { data: { id: string }[] };
  const id = list.data[0]?.id;
  if (!id) throw new Error('the demo has no thread');
  return id;
}

async function score(port: number, url: string, cookie: string, preset: Preset): Promise<number> {
  // A run Lighthouse itself gives up on (a protocol timeout on a busy machine) is run again, twice
  // at most, and said: it is the tool failing, not a score.
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: { cookie } },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const value = result?.lhr.categories.performance?.score;
    if (value !== null && value !== undefined) return Math.round(value * 100);
    const why = result?.lhr.runtimeError?.code ?? 'no result';
    if (attempt === 3) throw new Error(`Lighthouse gave no score for ${url} (${why})`);
    console.error(`lighthouse: no score for ${url} (${preset}, ${why}); running it again`);
  }
}

export async function run() {
  const staticDir = process.env.BENCH_STATIC_DIR ?? 'bench/results/dist-lighthouse';
  if (!process.env.BENCH_STATIC_DIR)
    execFileSync('npx', ['vite', 'build', '--outDir', staticDir, '--emptyOutDir'], { stdio: 'ignore' });
  const stack = await startStack({ bffPort: 8396, upstreamPort: 4396, staticDir });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const cookie = await sessionCookie(stack.baseURL);
    await waitForWarmInbox(stack.baseURL, cookie);
    const thread = await firstThread(stack.baseURL, cookie);
    const pages: Record<string, string> = {
      '/inbox': '/inbox',
      'a thread': `/inbox/${thread}`,
      '/leads': '/leads',
      '/customers': '/customers',
    };
    const scores: Record<string, Record<Preset, number[]>> = {};
    for (const [name, path] of Object.entries(pages)) {
      scores[name] = { mobile: [], desktop: [] };
      for (const preset of ['mobile', 'desktop'] as const)
        for (let i = 0; i < RUNS; i++)
          scores[name][preset].push(await score(chrome.port, `${stack.baseURL}${path}`, cookie, preset));
    }
    const medians = Object.fromEntries(
      Object.entries(scores).map(([name, s]) => [
        name,
        { mobile: median(s.mobile), desktop: median(s.desktop) },
      ]),
    );
    return {
      name: `Lighthouse performance (median of ${String(RUNS)}, signed in)`,
      figures: { medians, 'each run': scores },
      budgets: Object.entries(medians).flatMap(([name, m]) =>
        (['mobile', 'desktop'] as const).map((preset) => ({
          label: `${name} ${preset} ≥ ${String(BUDGET[preset])} (${String(m[preset])})`,
          pass: m[preset] >= BUDGET[preset],
        })),
      ),
    };
  } finally {
    chrome.kill();
    await stack.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run(), null, 2));
}
