import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

// The layout holds itself (shared/ARCHITECTURE.md, "Import direction"): every boundary is a zone on
// the resolved path of an import, so `../../leads/api/x`, `@/features/leads/api/x` and any other
// spelling of the same file meet the same rule. Zones are relative to this folder.
const root = import.meta.dirname;

const FEATURES = readdirSync(`${root}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** What in src runs in the browser: all but the BFF and the test harness (src/data even before it exists). */
const BROWSER = [
  ...new Set([...readdirSync(`${root}/src`), 'data'].filter((name) => name !== 'server' && name !== 'test')),
].map((name) => `src/${name}`);
const SHARED = ['src/lib', 'src/components', 'src/data', 'src/contract'];
const APP_SHELL = ['src/routes', 'src/routeTree.gen.ts', 'src/router.tsx', 'src/main.tsx'];
const NODE_ONLY = [
  'src/server',
  'mocks',
  'node_modules/fastify',
  'node_modules/@fastify',
  'node_modules/pino',
  'node_modules/ioredis',
  'node_modules/undici',
  'node_modules/msw',
];
const TEST_TOOLS = ['src/test', 'node_modules/vitest', 'node_modules/@testing-library'];

/** Test files and the harness they share; the zones below say what they may reach in addition. */
const TESTS = ['**/*.test.{ts,tsx}', 'src/test/**', 'mocks/core/test-*.ts', 'mocks/*/test-*.ts'];

const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

const featureZones = FEATURES.map((name) =>
  zone(
    `src/features/${name}`,
    'src/features',
    'Features do not import each other: share through src/data, src/lib, src/components or src/contract.',
    [`./${name}`],
  ),
);
/** The layers; in tests the contract may also import the test runner. */
const layerZones = ({ tests }) => [
  zone(
    SHARED,
    ['src/features', ...APP_SHELL],
    'Shared code (lib, components, data, contract) imports no feature or route.',
  ),
  zone(
    'src/features',
    APP_SHELL,
    'Features import no route or app shell: routes render features, not the reverse.',
  ),
  zone('src/contract', '.', 'The contract imports only zod and itself.', [
    './src/contract',
    './node_modules/zod',
    ...(tests ? ['./node_modules/vitest'] : []),
  ]),
  zone(
    'src/server',
    [...BROWSER.filter((dir) => dir !== 'src/contract'), 'src/test'],
    'The BFF imports no browser code: only the contract (and the fake, for the demo).',
  ),
  zone('mocks', 'src', 'The fake upstream imports only the contract from src.', ['./contract']),
];
/** Production browser code: nothing Node-only, nothing of the tests. */
const browserZones = [
  zone(
    BROWSER,
    [...NODE_ONLY, ...TEST_TOOLS],
    'Browser code imports no Node-only code (src/server, mocks) and no test code.',
  ),
];
/**
 * The narrow exceptions for tests, written down here: browser-side test files reach the BFF and the
 * fake only through the harness in src/test (which builds the real BFF on the fake, src/test/bff.ts),
 * and may use the test tools; the harness itself may import src/server and mocks.
 */
const browserTestZones = [
  zone(
    BROWSER,
    ['src/server', 'mocks'],
    'Browser tests reach the BFF and the fake through the harness in src/test (src/test/bff.ts), not directly.',
  ),
];

const resolver = createNodeResolver({
  tsconfig: { configFile: `${root}/tsconfig.json` },
  extensions: ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.json'],
  conditionNames: ['types', 'import', 'module', 'browser', 'node', 'require', 'default'],
  mainFields: ['types', 'module', 'main'],
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'bench/results',
      'node_modules',
      'src/routeTree.gen.ts',
      'playwright-report',
      'test-results',
      'public/mockServiceWorker.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...pluginQuery.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-invalid-void-type': 'off',
      '@typescript-eslint/no-dynamic-delete': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Boundaries and cycles, for every file we write (tests included).
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [resolver],
      // Without these the plugin reads no TypeScript file's imports, and no cycle through one is seen.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
    },
    rules: {
      // An import the resolver cannot follow would slip past every zone below.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:', '\\?(raw|url|inline)$'] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...featureZones, ...layerZones({ tests: false }), ...browserZones] },
      ],
    },
  },
  {
    files: TESTS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...featureZones, ...layerZones({ tests: true }), ...browserTestZones] },
      ],
    },
  },
  // Node built-ins are no files, so no zone sees them: browser code and the contract refuse them here.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**', 'src/test/**', ...TESTS],
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
);
