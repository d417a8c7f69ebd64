import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import boundaries of eslint.config.js, proven on small files placed in the real folders:
// each deliberate violation fails `npm run lint` with its rule, and the clean import beside it passes.

const root = import.meta.dirname;
const eslint = new ESLint({ cwd: root });

/** The import-x rules that fire on `code` as if it were the file at `path` (relative to the repo). */
async function importProblems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith('import-x/') || m.fatal)
    .map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

/** A module that imports `spec` and uses it, so only the import rules have anything to say. */
const importing = (spec: string) => `import * as imported from '${spec}';\nexport const used = imported;\n`;

const refused = (rule: string, text = '') => [
  expect.stringMatching(new RegExp(`^import-x/${rule}: .*${text}`)),
];

describe('import boundaries', () => {
  it('refuses a feature importing another feature, whatever the spelling', async () => {
    const file = 'src/features/inbox/components/lint-probe.tsx';
    const message = 'Features do not import each other';
    expect(await importProblems(file, importing('../../leads/api/lead-mutations'))).toEqual(
      refused('no-restricted-paths', message),
    );
    expect(await importProblems(file, importing('@/features/leads/api/lead-mutations'))).toEqual(
      refused('no-restricted-paths', message),
    );
    expect(await importProblems(file, importing('../../../features/leads/api/lead-mutations'))).toEqual(
      refused('no-restricted-paths', message),
    );
    // Its own feature and the shared layers are fine.
    expect(await importProblems(file, importing('../ticks'))).toEqual([]);
    expect(await importProblems(file, importing('@/lib/format'))).toEqual([]);
    expect(await importProblems(file, importing('@/components/app-screens'))).toEqual([]);
  });

  it('refuses shared code importing a feature or a route', async () => {
    const message = 'Shared code .* imports no feature or route';
    for (const file of [
      'src/lib/lint-probe.ts',
      'src/components/lint-probe.tsx',
      'src/data/lint-probe.ts',
      'src/contract/lint-probe.ts',
    ]) {
      expect(await importProblems(file, importing('@/features/leads/api/lead-mutations')), file).toEqual(
        expect.arrayContaining(refused('no-restricted-paths', message)),
      );
      expect(await importProblems(file, importing('@/routes/leads')), file).toEqual(
        expect.arrayContaining(refused('no-restricted-paths', message)),
      );
    }
    expect(await importProblems('src/features/leads/lint-probe.ts', importing('@/routes/leads'))).toEqual(
      refused('no-restricted-paths', 'Features import no route'),
    );
  });

  it('lets the contract import only zod and itself', async () => {
    const file = 'src/contract/lint-probe.ts';
    expect(await importProblems(file, importing('zod/mini'))).toEqual([]);
    expect(await importProblems(file, importing('./common'))).toEqual([]);
    expect(await importProblems(file, importing('../contract/leads'))).toEqual([]);
    const message = 'The contract imports only zod and itself';
    expect(await importProblems(file, importing('../lib/format'))).toEqual(
      refused('no-restricted-paths', message),
    );
    expect(await importProblems(file, importing('@/lib/format'))).toEqual(
      refused('no-restricted-paths', message),
    );
    expect(await importProblems(file, importing('react'))).toEqual(refused('no-restricted-paths', message));
    expect(await importProblems(file, importing('node:fs'))).toEqual(refused('no-nodejs-modules'));
  });

  it('keeps Node-only code out of the browser', async () => {
    const message = 'Browser code imports no Node-only code';
    for (const [file, up] of [
      ['src/features/leads/lint-probe.ts', '../../..'],
      ['src/lib/lint-probe.ts', '../..'],
      ['src/routes/lint-probe.tsx', '../..'],
    ] as const) {
      for (const spec of [
        '@/server/config',
        `${up}/mocks/fake`,
        `${up}/src/server/app`,
        'fastify',
        '@/test/bff',
      ]) {
        expect(await importProblems(file, importing(spec)), `${file} ${spec}`).toEqual(
          expect.arrayContaining(refused('no-restricted-paths', message)),
        );
      }
    }
    expect(await importProblems('src/lib/lint-probe.ts', importing('node:path'))).toEqual(
      refused('no-nodejs-modules'),
    );
  });

  it('keeps the BFF and the fake apart from browser code', async () => {
    expect(await importProblems('src/server/lint-probe.ts', importing('../lib/format'))).toEqual(
      refused('no-restricted-paths', 'The BFF imports no browser code'),
    );
    expect(await importProblems('src/server/lint-probe.ts', importing('../contract/routes'))).toEqual([]);
    expect(await importProblems('mocks/lint-probe.ts', importing('../src/server/config'))).toEqual(
      refused('no-restricted-paths', 'The fake upstream imports only the contract'),
    );
    expect(await importProblems('mocks/lint-probe.ts', importing('../src/contract'))).toEqual([]);
  });

  it('holds tests to the same rules, with the harness in src/test as the one way to the BFF and the fake', async () => {
    const test = 'src/features/leads/components/lint-probe.test.tsx';
    expect(await importProblems(test, importing('@/test/bff'))).toEqual([]);
    expect(await importProblems(test, importing('vitest'))).toEqual([]);
    expect(await importProblems(test, importing('../../../../mocks/node'))).toEqual(
      refused('no-restricted-paths', 'Browser tests reach the BFF and the fake through the harness'),
    );
    expect(await importProblems(test, importing('@/server/app'))).toEqual(
      refused('no-restricted-paths', 'Browser tests reach the BFF and the fake through the harness'),
    );
    expect(await importProblems(test, importing('@/features/contacts/components/customer-contacts'))).toEqual(
      refused('no-restricted-paths', 'Features do not import each other'),
    );
    // The harness itself builds the real BFF on the fake.
    expect(await importProblems('src/test/lint-probe.ts', importing('../server/app'))).toEqual([]);
    expect(await importProblems('src/test/lint-probe.ts', importing('../../mocks/fake'))).toEqual([]);
    expect(await importProblems('src/contract/lint-probe.test.ts', importing('vitest'))).toEqual([]);
  });

  it('refuses an import it cannot resolve, so no boundary is dodged by a spelling', async () => {
    expect(await importProblems('src/lib/lint-probe.ts', importing('@/features/nowhere/at-all'))).toEqual(
      refused('no-unresolved'),
    );
  });
});

describe('import cycles', () => {
  // A cycle needs files on disk for the resolver to follow: two modules in a folder of their own.
  const dir = join(root, 'mocks', `lint-cycle-probe-${process.pid}`);
  beforeAll(() => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = (): number => b() + 1;\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = (): number => a() - 1;\n");
    writeFileSync(join(dir, 'c.ts'), "import { b } from './b';\nexport const c = (): number => b();\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a module that imports itself back, and passes one that only imports', async () => {
    const [a, c] = await eslint.lintFiles([join(dir, 'a.ts'), join(dir, 'c.ts')]);
    expect(a?.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
    // c imports the cycle without being part of it.
    expect(c?.messages.filter((m) => m.ruleId === 'import-x/no-cycle')).toEqual([]);
  });
});
