import { existsSync, readFileSync } from 'node:fs';
import { e2eEnv } from './env';

/** The BFF's log of the whole run must never contain the API key. */
export default function globalTeardown() {
  if (!existsSync(e2eEnv.logFile)) throw new Error(`The BFF log ${e2eEnv.logFile} was not written`);
  const log = readFileSync(e2eEnv.logFile, 'utf8');
  if (log.includes(e2eEnv.apiKey)) throw new Error('The API key appeared in the BFF log of the e2e run');
}
