import { ConfigError, parseConfig, type Config } from './config';
import { startBff, type RunningBff } from './start';
import { TeamFileError } from './team';
import { UsersFileError } from './auth/users';

// The process entry: a bad environment stops it with the variable's name; SIGTERM and SIGINT let
// in-flight requests finish, then close the upstream pool and, in demo mode, the fake.

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

async function main(): Promise<void> {
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
  let running: RunningBff;
  try {
    running = await startBff(config);
  } catch (err) {
    const known = err instanceof ConfigError || err instanceof TeamFileError || err instanceof UsersFileError;
    return fail(
      known ? err.message : `BFF failed to start: ${err instanceof Error ? err.message : String(err)}`,
    );
  }

  let closing = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    running.app.log.info({ signal }, 'shutting down');
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

void main();
