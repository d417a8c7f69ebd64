import type { BrowserContext, Page } from '@playwright/test';

// Long tasks (main-thread tasks over 50 ms, as Chromium reports them) recorded in the page from its
// first script on, so a benchmark can say how long the longest was in each phase it drives
// (opening, scrolling, dropping). Issue 13's budget: none over 50 ms, that is, none at all.

export const LONG_TASK_MS = 50;

const RECORD = `
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, ms: e.duration });
}).observe({ type: 'longtask', buffered: true });`;

export async function recordLongTasks(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: RECORD });
}

export interface LongTasks {
  readonly count: number;
  readonly longestMs: number;
  /** Each one as `duration@start` (ms, the page's clock), to tell which part of the phase it was. */
  readonly each: readonly string[];
}

/** The page's clock now, to mark the start of a phase. */
export const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/** The long tasks since `since` (the page's clock) in the current document. */
export async function longTasksSince(page: Page, since = 0): Promise<LongTasks> {
  const tasks = await page.evaluate(
    (from) =>
      ((window as unknown as { __longTasks?: { start: number; ms: number }[] }).__longTasks ?? []).filter(
        (t) => t.start >= from,
      ),
    since,
  );
  return {
    count: tasks.length,
    longestMs: Math.round(Math.max(0, ...tasks.map((t) => t.ms))),
    each: tasks.map((t) => `${String(Math.round(t.ms))}@${String(Math.round(t.start))}`),
  };
}

export const describeLongTasks = (phase: string, t: LongTasks) =>
  `no long task while ${phase} (${t.count === 0 ? 'none' : `${String(t.count)}, longest ${String(t.longestMs)} ms`})`;
