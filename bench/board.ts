import { execFileSync } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, signInPage, startStack } from './lib/stack';

// The lead board on the large seed (SEED_SCALE=large: 10× the leads), in Chromium, on the built
// app through the BFF: time to a painted board, time from a drop to the card settled, card nodes.
const RUNS = 3;
const DROPS = 3;

interface Stage {
  key: string;
  name: string;
  position: number;
}

async function crmGet<T>(upstreamOrigin: string, path: string): Promise<T> {
  const response = await fetch(`${upstreamOrigin}/crm/api${path}`, {
    // The fake's demo fixture key, as e2e uses it; never a real secret.
    headers: { 'x-api-key': 'demo-admin-key', 'x-tenant-id': '11111111-1111-4111-8111-111111111111' },
  });
  if (!response.ok) throw new Error(`GET ${path} answered ${String(response.status)}`);
  return (await response.json()) as T;
}

/**
 * Records, on the first animation frame where every stage column shows its first card (or says it
 * has none), the time since navigation start; and when every column has read all its pages.
 */
function watchBoard(columns: number) {
  const w = window as unknown as { __boardPaint?: number; __boardComplete?: number };
  const check = () => {
    const sections = [...document.querySelectorAll('section[data-column]')];
    const painted =
      sections.length >= columns &&
      sections.every((s) => {
        const card = s.querySelector('[data-lead-card]');
        if (!card) return /No leads/.test(s.textContent ?? '');
        const rect = card.getBoundingClientRect();
        return rect.height > 0 && rect.top < window.innerHeight;
      });
    if (painted && w.__boardPaint === undefined) w.__boardPaint = performance.now();
    if (painted && !sections.some((s) => /\d+ of [\d,]+ loaded/.test(s.textContent ?? ''))) {
      w.__boardComplete = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

async function measureLoad(page: Page, url: string) {
  await page.goto(url);
  const done = () => (window as unknown as { __boardComplete?: number }).__boardComplete !== undefined;
  await page.waitForFunction(done, null, { timeout: 120_000 });
  return page.evaluate(() => {
    const w = window as unknown as { __boardPaint: number; __boardComplete: number };
    return {
      paintMs: w.__boardPaint,
      completeMs: w.__boardComplete,
      cardNodes: document.querySelectorAll('[data-lead-card]').length,
    };
  });
}

/** Keyboard drag of a column's first card one stage right; times the drop to the settled card. */
async function measureDrop(page: Page, from: Stage, to: Stage) {
  const card = page.locator(`section[data-column="${from.key}"] [data-lead-card]`).first();
  const id = await card.getAttribute('data-lead-card');
  await card.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(
    (name) =>
      (document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '').includes(`over stage ${name}`),
    to.name,
  );
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes(`/api/crm/v1/leads/${id ?? ''}`),
  );
  const start = Date.now();
  await page.keyboard.press('Space');
  await page.waitForFunction(
    ([key, leadId]) =>
      document.querySelector(`section[data-column="${key}"] [data-lead-card="${leadId}"]`) !== null,
    [to.key, id] as const,
  );
  const optimisticMs = Date.now() - start;
  await answered;
  // The success toast is raised in the mutation's onSuccess, after the answer is written into the caches.
  await page.getByText(`moved to ${to.name}`).last().waitFor();
  const settledMs = Date.now() - start;
  return { optimisticMs, settledMs };
}

/** Progress on stderr, so a slow step shows where it is; the figures go to stdout. */
const step = (text: string) => process.stderr.write(`board: ${text}\n`);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

export async function run() {
  const staticDir = process.env.BENCH_STATIC_DIR ?? 'bench/results/dist-board';
  if (!process.env.BENCH_STATIC_DIR) {
    execFileSync('npx', ['vite', 'build', '--outDir', staticDir, '--emptyOutDir'], { stdio: 'ignore' });
  }
  step('starting the fake upstream (large seed) and the BFF');
  const stack = await startStack({ bffPort: 8395, upstreamPort: 4395, scale: 'large', staticDir });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const stages = (await crmGet<Stage[]>(stack.upstreamOrigin, '/v1/lead-stages')).sort(
      (a, b) => a.position - b.position,
    );
    const leads = (await crmGet<{ total: number }>(stack.upstreamOrigin, '/v1/leads?limit=1')).total;
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    // tsx keeps function names with a `__name` helper that the page does not have.
    await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((f) => f);' });
    await context.addInitScript(watchBoard, stages.length);
    const page = await context.newPage();
    await signInPage(page, stack.baseURL, 'marco@acme.test', 'manager-demo-pass');
    const url = `${stack.baseURL}/leads`;
    const loads = [];
    for (let i = 0; i < RUNS; i++) {
      loads.push(await measureLoad(page, url));
      step(`load ${String(i + 1)}: ${JSON.stringify(loads.at(-1))}`);
    }
    const drops = [];
    for (let i = 0; i < DROPS; i++) {
      drops.push(await measureDrop(page, stages[i]!, stages[i + 1]!));
      step(`drop ${String(i + 1)}: ${JSON.stringify(drops.at(-1))}`);
    }
    const cardNodesAfter = await page.evaluate(() => document.querySelectorAll('[data-lead-card]').length);
    return {
      name: 'Lead board on the large seed',
      figures: {
        'leads in the workspace': leads,
        'stage columns': stages.length,
        'painted board ms (median)': Math.round(median(loads.map((l) => l.paintMs))),
        'painted board ms (each run)': loads.map((l) => Math.round(l.paintMs)),
        'every column read to the end ms (median)': Math.round(median(loads.map((l) => l.completeMs))),
        'drop to card in its new column ms (median)': median(drops.map((d) => d.optimisticMs)),
        'drop to settled (PATCH answered, caches reconciled) ms (median)': median(
          drops.map((d) => d.settledMs),
        ),
        'drop to settled ms (each drop)': drops.map((d) => d.settledMs),
        'card nodes in the DOM': median(loads.map((l) => l.cardNodes)),
        'card nodes in the DOM after the drops': cardNodesAfter,
      },
    };
  } finally {
    await browser.close();
    await stack.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run(), null, 2));
}
