import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';

// The lead board in Chromium, measured in the page itself (performance.now), so Playwright's own
// round trips do not count: first paint after navigation, and a drop to its card in the new column.

export interface Stage {
  key: string;
  name: string;
  position: number;
}

type BoardWindow = Window & { __boardPaint?: number; __drop?: { start?: number; shown?: number } };

/**
 * An init script: records, on the first animation frame where every stage column shows its count
 * and each column in the board's window shows its first card (or says it has none), the time
 * since navigation start. Columns beside the window show their cards when scrolled to.
 */
export function watchBoard(columns: number) {
  const w = window as BoardWindow;
  const check = () => {
    const board = document.querySelector('[data-board]');
    const right = Math.min(window.innerWidth, board?.getBoundingClientRect().right ?? 0);
    const sections = [...document.querySelectorAll('section[data-column]')];
    const painted =
      sections.length >= columns &&
      sections.every((s) => {
        if (!s.querySelector('[aria-label$=" leads"]')) return false;
        if (s.getBoundingClientRect().left >= right) return true;
        const card = s.querySelector('[data-lead-card]');
        if (!card) return /No leads/.test(s.textContent ?? '');
        const rect = card.getBoundingClientRect();
        return rect.height > 0 && rect.top < window.innerHeight;
      });
    if (painted) {
      w.__boardPaint = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

export async function measurePaint(page: Page, url: string): Promise<{ paintMs: number; cardNodes: number }> {
  await page.goto(url);
  await page.waitForFunction(() => (window as BoardWindow).__boardPaint !== undefined, null, {
    timeout: 120_000,
  });
  return page.evaluate(() => ({
    paintMs: (window as BoardWindow).__boardPaint!,
    cardNodes: document.querySelectorAll('[data-lead-card]').length,
  }));
}

/**
 * Keyboard drag of a column's first card one stage right. Times, in the page, the drop key's event
 * to the first frame after its card is in the new column (the move is optimistic: no network).
 */
export async function measureDrop(page: Page, from: Stage, to: Stage): Promise<number> {
  // A column beside the board's window shows its cards once scrolled to, as a person would.
  await page.locator(`section[data-column="${from.key}"]`).scrollIntoViewIfNeeded();
  const card = page.locator(`section[data-column="${from.key}"] [data-lead-card]`).first();
  const id = (await card.getAttribute('data-lead-card'))!;
  await card.focus();
  await page.keyboard.press('Space');
  // The pick-up is announced once the drag has started and the columns are measured.
  await page.waitForFunction(() =>
    (document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '').startsWith('Picked up'),
  );
  await page.waitForTimeout(100);
  await page.keyboard.press('ArrowRight');
  await page
    .waitForFunction(
      (name) =>
        (document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '').includes(`over stage ${name}`),
      to.name,
      { timeout: 10_000 },
    )
    .catch(async () => {
      const said = await page.locator('[id^="DndLiveRegion"]').textContent();
      throw new Error(`the card was not over ${to.name} (the board said: ${said ?? 'nothing'})`);
    });
  await page.evaluate(
    ([key, leadId]) => {
      const w = window as BoardWindow;
      const drop: { start?: number; shown?: number } = {};
      w.__drop = drop;
      const selector = `section[data-column="${key}"] [data-lead-card="${leadId}"]`;
      const onKey = (event: KeyboardEvent) => {
        if (event.code !== 'Space') return;
        drop.start = event.timeStamp;
        window.removeEventListener('keydown', onKey, true);
      };
      window.addEventListener('keydown', onKey, true);
      const observer = new MutationObserver(() => {
        if (drop.start === undefined || !document.querySelector(selector)) return;
        observer.disconnect();
        requestAnimationFrame(() => (drop.shown = performance.now()));
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    },
    [to.key, id] as const,
  );
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes(`/api/crm/v1/leads/${id}`),
  );
  await page.keyboard.press('Space');
  await page.waitForFunction(() => (window as BoardWindow).__drop?.shown !== undefined);
  const ms = await page.evaluate(() => {
    const drop = (window as BoardWindow).__drop!;
    return drop.shown! - drop.start!;
  });
  // Let the PATCH answer and the caches settle before the next drop.
  await answered;
  await page.waitForTimeout(300);
  return ms;
}

/** Resident memory of the BFF's node process (the largest of its process group), in MiB. */
export function bffRssMiB(group: number | undefined): number {
  if (group === undefined) return NaN;
  const lines = execFileSync('ps', ['-o', 'rss=,args=', '-g', String(group)], { encoding: 'utf8' });
  const kib = lines
    .split('\n')
    .filter((l) => l.includes('src/server/main.ts'))
    .map((l) => Number(l.trim().split(/\s+/)[0]))
    .filter(Number.isFinite);
  return Math.round(Math.max(...kib) / 1024);
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
