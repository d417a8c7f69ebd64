import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { compression } from 'vite-plugin-compression2';

// The SPA build. The BFF (src/server) serves dist/ and the /api mounts; in `npm run dev`
// Vite proxies /api and /bff to a BFF started separately on :8080.

/** The files every page loads before its own code: named in full, and never preloaded again. */
const SHELL_CHUNKS = ['framework', 'rolldown-runtime'];

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The inbox is the home screen (sign-in and / land there) and a thread's parent: its list ships
      // in the app's shell, unsplit. /inbox then loads three files instead of thirteen, and a thread
      // or another screen finds the small pieces it shares with the inbox already there; the other
      // screens pay about 5 KB gzip of list code once (npx tsx bench/run.ts first-screen, lighthouse).
      // Elsewhere a route's error screen stays in the route table (one `errorScreen` call, whose code
      // is in the shell): it shows without a download, which matters most when the network is what
      // failed, and the dozen chunks of a few bytes each it made are gone. A record's "not in this
      // workspace" screen comes in its screen's file: the router fetches that file as the record is
      // read, so it is there when the read says the record is missing, and the shell names one file
      // per screen instead of two (each name costs the first screen about 20 bytes gzip).
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) =>
          ['/inbox', '/inbox/'].includes(routeId) ? [] : [['component', 'notFoundComponent']],
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
    // Brotli and gzip copies beside each file, made once at build; the BFF sends the one the browser
    // accepts (@fastify/static preCompressed), so no request pays for compression.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|txt)$/ }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // TanStack's store imports the shim of useSyncExternalStore, for React before 18, which also
      // carries its own copy of the hook; React 18 has it built in, and the package's own entry for
      // that case uses it (about 0.3 KB gzip less on every first screen).
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // No modulepreload polyfill: a browser without <link rel="modulepreload"> (Safari before 17)
    // still runs the app, fetching each chunk when it is imported; the polyfill cost every other
    // browser its bytes on each first load.
    modulePreload: {
      polyfill: false,
      // A screen's preload list leaves out the two files every page has loaded before it runs: the
      // shell's preload table no longer names them, nor does each screen's list.
      resolveDependencies: (_file, deps) =>
        deps.filter((dep) => !SHELL_CHUNKS.some((name) => dep.includes(`/${name}-`))),
    },
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Hex file hashes: the shell lists every chunk's file name (Vite's preload table) and imports
        // them by name, and a hex hash compresses better than base64 (4 bits a character, not 6): about
        // 90 bytes gzip off the first screen. Eight hex characters still tell 70 files apart.
        hashCharacters: 'hex',
        // A chunk loaded later is named by its hash alone: the shell spells out each of those names
        // twice, and the words ("customer-page-roles-") cost about 450 bytes gzip of every first
        // screen. The first screen's own files keep their names, for people reading a waterfall.
        chunkFileNames: (chunk) =>
          SHELL_CHUNKS.includes(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
        // Two chunks every screen loads, and each screen's own code beside them. Fewer, larger files
        // compress better than the two dozen slivers the default splitting makes of the first screen
        // (measured with `npx tsx bench/run.ts first-screen`).
        codeSplitting: {
          groups: [
            // The framework: changes only with a dependency upgrade, so it stays cached across deploys.
            {
              name: 'framework',
              priority: 20,
              test: /node_modules[\\/](react|react-dom|scheduler|zod|@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query))[\\/]/,
            },
            // The app's shell: what the entry imports statically, however deep (the route table, the
            // data layer, the contract, the live connection). Without this group the bundler cuts a
            // dozen shared slivers out of it, each compressed alone (about 4 KB gzip more in all).
            { name: 'app', tags: ['$initial'], priority: 10 },
            // Code that later screens share: one file per set of screens that use it, as the default
            // splitting makes, but a set's file under 3 KB is merged into its nearest neighbour's.
            // The default left dozens of 1 KB files: /leads loaded 19 files, a customer 30, and over
            // HTTP/1.1 (the BFF's own) a browser asks for six at a time, a round trip per batch on a
            // slow network. Now 13 and 18, with fewer bytes on almost every screen (a screen may load
            // a few hundred bytes it does not run).
            {
              name: 'shared',
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 3000,
              priority: 5,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/bff': 'http://127.0.0.1:8080',
      '/auth': 'http://127.0.0.1:8080',
    },
  },
});
