import { build, type BuildOptions } from 'esbuild';

// Builds the BFF (src/server/main.ts) to one JavaScript file that plain `node` runs: our own code
// (the contract, the server and, for demo mode, the fake upstream in mocks/) bundled; packages stay
// imports from node_modules. `npm start` and e2e run this build; tsx is for development and tests.
//   npm run build:server            -> dist-server/main.js (+ .map)

export const SERVER_ENTRY = 'src/server/main.ts';
export const SERVER_OUTFILE = 'dist-server/main.js';

export const serverBuildOptions = (outfile: string): BuildOptions => ({
  entryPoints: [SERVER_ENTRY],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  // `node --enable-source-maps` reports errors at their TypeScript lines.
  sourcemap: true,
  logLevel: 'warning',
});

export async function buildServer(outfile = SERVER_OUTFILE): Promise<void> {
  await build(serverBuildOptions(outfile));
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
