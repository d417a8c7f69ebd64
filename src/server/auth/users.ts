import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ROLES, type Role } from '../../contract/bff';
import { TEAM_MEMBERS } from '../../../mocks/team';
import { hashPassword, isPasswordHash } from './password';

// The people who may sign in. The upstream has no user directory, so the BFF keeps one: a JSON
// file of `{username, displayName, role, upstreamUserId, passwordHash}` (scripts/user-add.ts writes
// it), or the fixed demo users in demo mode.

export const UserRecordSchema = z.strictObject({
  username: z.string().trim().toLowerCase().min(1).max(200),
  displayName: z.string().trim().min(1).max(200),
  role: z.enum(ROLES),
  upstreamUserId: z.guid(),
  passwordHash: z.string().refine(isPasswordHash, 'must be a scrypt hash written by npm run user:add'),
});
export type UserRecord = z.infer<typeof UserRecordSchema>;

export const UsersFileSchema = z.array(UserRecordSchema).superRefine((users, ctx) => {
  const seen = new Set<string>();
  users.forEach((u, i) => {
    if (seen.has(u.username))
      ctx.addIssue({ code: 'custom', path: [i, 'username'], message: `duplicates ${u.username}` });
    seen.add(u.username);
  });
});

export interface User {
  readonly username: string;
  readonly displayName: string;
  readonly role: Role;
  readonly upstreamUserId: string;
  readonly passwordHash: string;
}

export class UserDirectory {
  private readonly byName: ReadonlyMap<string, User>;
  constructor(readonly users: readonly User[]) {
    this.byName = new Map(users.map((u) => [u.username, u]));
  }
  find(username: string): User | undefined {
    return this.byName.get(normaliseUsername(username));
  }
}

export const normaliseUsername = (username: string): string => username.trim().toLowerCase();

export class UsersFileError extends Error {
  constructor(file: string, detail: string) {
    super(`USERS_FILE ${file}: ${detail}`);
    this.name = 'UsersFileError';
  }
}

export function parseUsers(json: unknown, source = 'users'): UserDirectory {
  const parsed = UsersFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsersFileError(source, `${issue.path.join('.') || 'root'} ${issue.message}`);
  }
  return new UserDirectory(parsed.data);
}

export function loadUsersFile(file: string): UserDirectory {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UsersFileError(file, err instanceof Error ? err.message : 'cannot be read');
  }
  return parseUsers(json, file);
}

/** The demo users (README): fixed, public passwords, so demo mode only listens on loopback. */
export const DEMO_USERS: readonly { username: string; password: string; role: Role }[] = [
  { username: 'ana@acme.test', password: 'agent-demo-pass', role: 'agent' },
  { username: 'marco@acme.test', password: 'manager-demo-pass', role: 'manager' },
  { username: 'ada@acme.test', password: 'admin-demo-pass', role: 'admin' },
];

export async function demoUserDirectory(): Promise<UserDirectory> {
  const users = await Promise.all(
    DEMO_USERS.map(async ({ username, password, role }) => {
      const member = TEAM_MEMBERS.find((m) => m.email === username);
      if (!member) throw new Error(`demo user ${username} is not in mocks/team.ts`);
      return {
        username,
        displayName: member.name,
        role,
        upstreamUserId: member.id,
        passwordHash: await hashPassword(password),
      };
    }),
  );
  return new UserDirectory(users);
}
