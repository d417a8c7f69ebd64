import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { compression } from 'vite-plugin-compression2';

// The SPA build. The BFF (src/server) serves dist/ and the /api mounts; in `npm run dev`
// Vite proxies /api and /bff to a BFF started separately on :8080.
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
    // Brotli and gzip copies beside each file, made once at build; the BFF sends the one the browser
    // accepts (@fastify/static preCompressed), so no request pays for compression.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|txt)$/ }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The framework every screen needs, in one chunk: fewer, larger files compress better than
        // the two dozen slivers the default splitting makes of the first screen.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|zod|@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query))[\\/]/,
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
