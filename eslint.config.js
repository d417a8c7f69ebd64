import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';

// The layout holds itself: browser code never imports the BFF or the fake, the contract imports
// only zod, and features do not reach into each other.
const browserOnly = {
  patterns: [
    {
      group: ['**/server/**', '**/mocks/**', 'node:*', 'fastify', '@fastify/*', 'pino', 'ioredis', 'undici'],
      message: 'Browser code must not import Node-only code (src/server, mocks).',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist',
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
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**', 'src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'no-restricted-imports': ['error', browserOnly] },
  },
  {
    files: ['src/contract/**/*.ts'],
    ignores: ['src/contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod|\\./|\\.\\./).*', message: 'The contract imports only zod and itself.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/*/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...browserOnly.patterns,
            {
              group: ['@/features/**', '../../../features/**'],
              message: 'Features do not import each other: share through lib, components or contract.',
            },
          ],
        },
      ],
    },
  },
);
