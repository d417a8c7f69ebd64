import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, signInPage, startStack } from './lib/stack';

// Issue 11 asked for 130 KB and issue 13 for 125 KB; the budget is the newer one.
export const FIRST_SCREEN_BUDGET_KB = 125;

/**
 * The first screen's JavaScript: every script the browser fetches from opening /inbox until the
 * inbox has settled (network idle), gzip-compressed as a server would send it.
 */
export async function run() {
  execFileSync('npx', ['vite', 'build', '--outDir', 'bench/results/dist', '--emptyOutDir'], {
    stdio: 'ignore',
  });
  const stack = await startStack({ bffPort: 8391, upstreamPort: 4391, staticDir: 'bench/results/dist' });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await signInPage(page, stack.baseURL);
    const scripts = new Map<string, number>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      void response
        .body()
        .then((body) => scripts.set(new URL(response.url()).pathname, gzipSync(body).length));
    });
    await page.goto(`${stack.baseURL}/inbox`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const totalKb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
    return {
      name: 'First screen JavaScript (/inbox, gzip)',
      figures: { 'total KB': Number(totalKb.toFixed(1)), files: scripts.size },
      detail: [...scripts.entries()].map(([path, size]) => `${path} ${(size / 1024).toFixed(1)} KB`),
      budgets: [
        { label: `≤ ${String(FIRST_SCREEN_BUDGET_KB)} KB gzip`, pass: totalKb <= FIRST_SCREEN_BUDGET_KB },
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
