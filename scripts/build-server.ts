import { build, type BuildOptions } from 'esbuild';

// Builds the BFF (src/server/main.ts) to JavaScript that plain `node` runs: our own code (the
// contract, the server and, for demo mode, the fake upstream in mocks/) bundled; packages stay
// imports from node_modules. `npm start` and e2e run this build; tsx is for development and tests.
// The embedded database's worker thread is a second entry, beside main.js, where
// src/server/store/pglite-thread.ts looks for it.
//   npm run build:server            -> dist-server/main.js, dist-server/pglite-thread-worker.js (+ .map)

export const SERVER_OUTDIR = 'dist-server';

export const serverBuildOptions = (outdir: string): BuildOptions => ({
  entryPoints: {
    main: 'src/server/main.ts',
    'pglite-thread-worker': 'src/server/store/pglite-thread-worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  // `node --enable-source-maps` reports errors at their TypeScript lines.
  sourcemap: true,
  logLevel: 'warning',
});

export async function buildServer(outdir = SERVER_OUTDIR): Promise<void> {
  await build(serverBuildOptions(outdir));
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
