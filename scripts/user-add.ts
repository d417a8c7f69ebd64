import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ROLES, type Role } from '../src/contract/bff';
import { hashPassword } from '../src/server/auth/password';
import {
  normaliseUsername,
  UserRecordSchema,
  UsersFileSchema,
  type UserRecord,
} from '../src/server/auth/users';

// Adds a user to USERS_FILE, or replaces the one with the same username (a password reset):
//   npm run user:add -- --username ana@example.com --name "Ana" --role agent --upstream-user-id <uuid>
// The password is asked for without echo, or read from stdin with --password-stdin (for scripts).
// It is never printed, logged or passed on the command line.

const USAGE = `Usage: npm run user:add -- --username <email> --name <display name> --role <${ROLES.join('|')}>
       --upstream-user-id <uuid> [--file <users.json>] [--password-stdin]
The file defaults to $USERS_FILE, else .users.json.`;

const MIN_PASSWORD_LENGTH = 12;

async function readHidden(prompt: string): Promise<string> {
  const { stdin, stdout } = process;
  if (!stdin.isTTY) throw new Error('no terminal to ask for the password: use --password-stdin');
  stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const onData = (chunk: string): void => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          done();
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          done();
          reject(new Error('cancelled'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    const done = (): void => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
    };
    stdin.on('data', onData);
  });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      file: { type: 'string' },
      username: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      'upstream-user-id': { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const fromStdin = values['password-stdin'] === true;
  const interactive = !fromStdin && process.stdin.isTTY === true;
  const need = async (value: string | undefined, label: string): Promise<string> => {
    if (value !== undefined) return value;
    if (!interactive) throw new Error(`--${label} is required\n${USAGE}`);
    return ask(`${label}: `);
  };

  const file = values.file ?? process.env.USERS_FILE ?? '.users.json';
  const username = normaliseUsername(await need(values.username, 'username'));
  const displayName = await need(values.name, 'name');
  const role = (await need(values.role, 'role')) as Role;
  const upstreamUserId = await need(values['upstream-user-id'], 'upstream-user-id');

  const password = fromStdin ? await readStdin() : await readHidden('password (not shown): ');
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`the password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  if (!fromStdin && (await readHidden('again: ')) !== password) throw new Error('the passwords differ');

  const record: UserRecord = UserRecordSchema.parse({
    username,
    displayName,
    role,
    upstreamUserId,
    passwordHash: await hashPassword(password),
  });

  const existing: UserRecord[] = existsSync(file)
    ? UsersFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
    : [];
  const replaced = existing.some((u) => u.username === record.username);
  const users = [...existing.filter((u) => u.username !== record.username), record];
  // Write then rename, so a crash never leaves half a file; the file holds hashes only, but keep
  // it private anyway.
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify(users, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
  process.stdout.write(`${replaced ? 'Updated' : 'Added'} ${record.username} (${record.role}) in ${file}\n`);
}

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`user:add: ${message}\n`);
  process.exitCode = 1;
});
