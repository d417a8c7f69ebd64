import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from './password';
import { loadUsersFile } from './users';

const SCRIPT = fileURLToPath(new URL('../../../scripts/user-add.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'user-add-'));
const file = join(dir, 'users.json');

const run = (args: string[], stdin: string): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const child = execFile(process.execPath, ['--import', 'tsx', SCRIPT, ...args], (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(stdin);
  });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run user:add', () => {
  const base = [
    '--file',
    file,
    '--name',
    'Ana Agent',
    '--role',
    'agent',
    '--upstream-user-id',
    'a0000000-0000-4000-8000-000000000001',
    '--password-stdin',
  ];

  it('adds a user with a scrypt hash and never prints the password', async () => {
    const password = 'a-long-secret-passphrase';
    const res = await run(['--username', 'Ana@Example.com', ...base], `${password}\n`);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout + res.stderr).not.toContain(password);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(password);
    expect(statSync(file).mode & 0o077).toBe(0);
    const user = loadUsersFile(file).find('ana@example.com')!;
    expect(user.role).toBe('agent');
    expect(await verifyPassword(password, user.passwordHash)).toBe(true);
    expect(await verifyPassword('wrong', user.passwordHash)).toBe(false);
  });

  it('replaces the same username (a password reset) and keeps the others', async () => {
    await run(['--username', 'lee@example.com', ...base], 'lee-has-a-long-pass\n');
    const res = await run(['--username', 'ana@example.com', ...base], 'a-new-long-passphrase\n');
    expect(res.stdout).toMatch(/^Updated ana@example.com/);
    const users = loadUsersFile(file);
    expect(users.users.map((u) => u.username).sort()).toEqual(['ana@example.com', 'lee@example.com']);
    expect(await verifyPassword('a-new-long-passphrase', users.find('ana@example.com')!.passwordHash)).toBe(
      true,
    );
  });

  it('refuses a short password and a bad role', async () => {
    expect((await run(['--username', 'x@example.com', ...base], 'short\n')).code).not.toBe(0);
    const badRole = base.map((a) => (a === 'agent' ? 'superuser' : a));
    const res = await run(['--username', 'y@example.com', ...badRole], 'long-enough-password\n');
    expect(res.code).not.toBe(0);
    expect(res.stderr).not.toContain('long-enough-password');
  });
});
