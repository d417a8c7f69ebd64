import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: pure logic, the fake and the BFF run in Node; components run in jsdom against the
// real BFF on the fake upstream's handlers (src/test/bff.ts), the ones that serve the demo and e2e.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    testTimeout: 20000,
    // One migrated database every in-memory store of the run starts as a copy of.
    globalSetup: ['./src/test/pglite-template.ts'],
    // A file's set-up builds the BFF (an embedded PostgreSQL for some, the demo users' password
    // hashes for all): a few seconds alone, and past the default 10 s when both workers start one
    // on this 2-core machine at once (seen in CI). A hook that hangs still fails, after a minute.
    hookTimeout: 60000,
    // Vitest's default is one worker fewer than the cores: one, on the 2-core machine CI runs on.
    // Many tests wait on a server, a database or a timer more than they compute, so two overlap well.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'src/**/*.test.ts',
            'mocks/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
            'eslint.config.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup-dom.ts'],
        },
      },
    ],
  },
});
