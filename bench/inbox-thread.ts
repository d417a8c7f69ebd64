import { execFileSync } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import { describeLongTasks, longTasksSince, pageNow, recordLongTasks } from './lib/long-tasks';
import { CHROMIUM_ARGS, chromiumPath, signInPage, startStack } from './lib/stack';

// The long thread of the large seed (mocks/social/seed-threads.ts: 10,000 messages).
const LONG_THREAD_EXTERNAL_ID = '447700900999';
const RUNS = 3;

interface Upstream {
  upstreamOrigin: string;
}

async function upstreamGet<T>(stack: Upstream, path: string): Promise<T> {
  const response = await fetch(`${stack.upstreamOrigin}/social/api${path}`, {
    // The fake's demo fixture key, as e2e uses it; never a real secret.
    headers: { 'x-api-key': 'demo-admin-key', 'x-tenant-id': '11111111-1111-4111-8111-111111111111' },
  });
  if (!response.ok) throw new Error(`GET ${path} answered ${String(response.status)}`);
  return (await response.json()) as T;
}

async function findLongThread(stack: Upstream) {
  const list = await upstreamGet<{ data: { id: string; external_thread_id: string }[] }>(
    stack,
    `/v1/conversations?search=${LONG_THREAD_EXTERNAL_ID}&limit=10`,
  );
  const thread = list.data.find((c) => c.external_thread_id === LONG_THREAD_EXTERNAL_ID);
  if (!thread) throw new Error('the large seed has no long thread: is SEED_SCALE=large honoured?');
  const newest = await upstreamGet<{ data: { id: string }[] }>(
    stack,
    `/v1/conversations/${thread.id}/messages?limit=1`,
  );
  const newestId = newest.data[0]?.id;
  if (!newestId) throw new Error('the long thread has no messages');
  return { id: thread.id, newestId };
}

/**
 * Records, on the first animation frame where the newest message is inside the viewport, the time
 * since navigation start (performance.now() counts from it). A string, not a function: tsx would
 * add helpers to a function's source that the page does not have.
 */
const watchNewestPaint = (newestId: string) => `
(() => {
  const check = () => {
    const el = document.querySelector('[data-message-id="${newestId}"]');
    if (el) {
      const rect = el.getBoundingClientRect();
      if (rect.height > 0 && rect.bottom > 0 && rect.top < window.innerHeight) {
        window.__newestPaint = performance.now();
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

async function measureOnce(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(
    () => (window as unknown as { __newestPaint?: number }).__newestPaint !== undefined,
    null,
    {
      timeout: 30_000,
    },
  );
  const paintMs = await page.evaluate(() => (window as unknown as { __newestPaint: number }).__newestPaint);
  const nodes = await page.evaluate(() => document.querySelectorAll('[data-message-id]').length);
  return { paintMs, nodes };
}

/** Scrolls to the top of the thread a few times (each loads an older page) and counts nodes again. */
async function scrollBack(page: Page, pages: number) {
  const region = page.getByRole('region', { name: 'Messages' });
  let olderPages = 0;
  page.on('request', (request) => {
    if (/\/messages\?.*before=/.test(request.url())) olderPages++;
  });
  for (let i = 0; i < pages; i++) {
    await region.evaluate((el) => (el.scrollTop = 0));
    // Let the older page arrive and render before scrolling up again.
    await page.waitForTimeout(800);
  }
  const after = await page.evaluate(() => ({
    nodes: document.querySelectorAll('[data-message-id]').length,
    scrollTop: (document.querySelector('[aria-label="Messages"]') as HTMLElement | null)?.scrollTop ?? 0,
  }));
  return { ...after, olderPages };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/**
 * The long thread (10,000 messages) opened in Chromium on the built app through the BFF: time from
 * navigation start to the newest message painted, and how many message nodes the DOM holds.
 */
export async function run() {
  const staticDir = process.env.BENCH_STATIC_DIR ?? 'bench/results/dist-inbox-thread';
  if (!process.env.BENCH_STATIC_DIR) {
    execFileSync('npx', ['vite', 'build', '--outDir', staticDir, '--emptyOutDir'], { stdio: 'ignore' });
  }
  const stack = await startStack({ bffPort: 8394, upstreamPort: 4394, scale: 'large', staticDir });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const thread = await findLongThread(stack);
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addInitScript({ content: watchNewestPaint(thread.newestId) });
    await recordLongTasks(context);
    const page = await context.newPage();
    await signInPage(page, stack.baseURL);
    const url = `${stack.baseURL}/inbox/${thread.id}`;
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(page, url));
    await page.waitForTimeout(1000);
    const opening = await longTasksSince(page);
    const scrollStart = await pageNow(page);
    const afterScroll = await scrollBack(page, 3);
    const scrolling = await longTasksSince(page, scrollStart);
    return {
      name: 'Inbox: open a 10,000-message thread',
      figures: {
        'first paint of the newest message ms (median)': Math.round(median(runs.map((r) => r.paintMs))),
        'first paint ms (each run)': runs.map((r) => Math.round(r.paintMs)),
        'message nodes in the DOM': median(runs.map((r) => r.nodes)),
        'older pages loaded while scrolling up': afterScroll.olderPages,
        'message nodes after scrolling up': afterScroll.nodes,
        // Not 0: the reading position is kept while older pages load above it.
        'scroll offset after the last older page px': Math.round(afterScroll.scrollTop),
        'messages in the thread': 10_000,
        'long tasks opening (count, longest ms)': [opening.count, opening.longestMs],
        'long tasks scrolling back (count, longest ms)': [scrolling.count, scrolling.longestMs],
        // Where they fell (the last open's first paint is its entry in "each run").
        'long tasks (ms@start)': { opening: opening.each, scrolling: scrolling.each },
      },
      budgets: [
        { label: describeLongTasks('opening the thread', opening), pass: opening.count === 0 },
        { label: describeLongTasks('scrolling back through it', scrolling), pass: scrolling.count === 0 },
      ],
    };
  } finally {
    await browser.close();
    await stack.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run(), null, 2));
}
