import type { FastifyInstance } from 'fastify';
import type { Role } from '../../contract/bff';
import { hashPassword } from '../auth/password';
import { UserDirectory } from '../auth/users';

export const TEST_HOST = 'bff.test';
export const TEST_ORIGIN = `http://${TEST_HOST}`;

export const TEST_USERS: Readonly<
  Record<Role, { username: string; password: string; upstreamUserId: string }>
> = {
  agent: {
    username: 'agent@test.example',
    password: 'agent-pass-1',
    upstreamUserId: 'a0000000-0000-4000-8000-000000000001',
  },
  manager: {
    username: 'manager@test.example',
    password: 'manager-pass-1',
    upstreamUserId: 'a0000000-0000-4000-8000-000000000002',
  },
  admin: {
    username: 'admin@test.example',
    password: 'admin-pass-1',
    upstreamUserId: 'a0000000-0000-4000-8000-000000000003',
  },
};

let directory: Promise<UserDirectory> | undefined;

/** The three test users, hashed once per test file (scrypt is deliberately slow). */
export function testUsers(): Promise<UserDirectory> {
  directory ??= (async () =>
    new UserDirectory(
      await Promise.all(
        (Object.keys(TEST_USERS) as Role[]).map(async (role) => ({
          username: TEST_USERS[role].username,
          displayName: `Test ${role}`,
          role,
          upstreamUserId: TEST_USERS[role].upstreamUserId,
          passwordHash: await hashPassword(TEST_USERS[role].password),
        })),
      ),
    ))();
  return directory;
}

/** The headers a same-origin browser call carries, without the cookie. */
export const sameOriginHeaders = { host: TEST_HOST, origin: TEST_ORIGIN, 'x-csrf': '1' } as const;

/** Signs in through POST /auth/login and returns the Cookie header to send afterwards. */
export async function signIn(app: FastifyInstance, role: Role): Promise<string> {
  const { username, password } = TEST_USERS[role];
  const res = await app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: sameOriginHeaders,
    payload: { username, password },
  });
  if (res.statusCode !== 204)
    throw new Error(`sign-in as ${role} failed with ${res.statusCode}: ${res.body}`);
  const cookie = res.cookies[0];
  if (!cookie) throw new Error('sign-in set no cookie');
  return `${cookie.name}=${cookie.value}`;
}
