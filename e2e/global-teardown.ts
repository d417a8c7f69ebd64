import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { e2eEnv } from './env';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * After the run: the API key never reached the BFF's log of the whole run, nor any file of the built
 * app the browser was served (the responses themselves are checked test by test).
 */
export default function globalTeardown() {
  // The run's embedded database (playwright.config.ts), whatever the checks below find.
  // Best effort: Playwright stops the BFF after this teardown, so its database may still be
  // writing (the job queue polls every second) and a directory can refill while it is removed.
  const dataDir = process.env.CHATDESK_E2E_DATA;
  try {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  } catch (error) {
    console.warn(`The e2e database ${dataDir ?? ''} was not removed: ${String(error)}`);
  }
  if (!existsSync(e2eEnv.logFile)) throw new Error(`The BFF log ${e2eEnv.logFile} was not written`);
  if (readFileSync(e2eEnv.logFile, 'utf8').includes(e2eEnv.apiKey)) {
    throw new Error('The API key appeared in the BFF log of the e2e run');
  }
  const built = filesUnder(e2eEnv.staticDir);
  if (built.length === 0) throw new Error(`No built app in ${e2eEnv.staticDir}`);
  const leaking = built.filter((file) => readFileSync(file).includes(e2eEnv.apiKey));
  if (leaking.length) throw new Error(`The API key appears in the built app: ${leaking.join(', ')}`);
}
