import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { LoginBody, type Me, type Team } from '../../contract/bff';
import { fieldErrors } from '../../contract/common';
import type { AnyRouteId } from '../../contract/roles';
import type { SESSION_ROUTES } from '../../contract/routes';
import { sendBffError, sendRetryLater } from '../bff-error';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import type { ProxyGuard } from '../proxy/proxy';
import { roleCan } from '../roles';
import type { CookiePolicy } from '../security/cookie-policy';
import { csrfRefusal, needsCsrfCheck } from '../security/csrf';
import { ConcurrencyGate } from '../security/concurrency-gate';
import type { RateLimits } from '../security/rate-limits';
import type { Store } from '../kv/store';
import type { AuthEvent } from '../audit/audit-log';
import { burnPasswordCheck, verifyPassword } from './password';
import type { SessionManager } from './sessions';
import { normaliseUsername, type User, type UserDirectory } from './users';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, once a guard resolved the session. */
    bffUser: User | null;
    /** The store key of the session (a hash, safe to use as a rate-limit key). */
    bffSessionKey: string | null;
  }
}

export interface AuthOptions {
  readonly users: UserDirectory;
  readonly sessions: SessionManager;
  readonly store: Store;
  readonly cookie: CookiePolicy;
  readonly limits: RateLimits;
  readonly clock: () => number;
  /** Told of every sign-in attempt and sign-out, for the audit log. */
  readonly onAuthEvent?: (
    request: FastifyRequest,
    event: AuthEvent,
    user: User | null,
    status: number,
  ) => void;
}

const NO_STORE = 'no-store';

export async function registerAuth(app: FastifyInstance, opts: AuthOptions): Promise<ProxyGuard> {
  const { users, sessions, store, cookie, limits, clock } = opts;
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'strict', secure: cookie.secure } as const;

  await app.register(fastifyCookie);
  app.decorateRequest('bffUser', null);
  app.decorateRequest('bffSessionKey', null);

  app.addHook('onRequest', (request, reply, done) => {
    if (needsCsrfCheck(request)) {
      const refusal = csrfRefusal(request);
      if (refusal !== null) {
        request.log.warn(
          { audit: 'csrf', method: request.method, path: request.url.split('?', 1)[0] },
          refusal,
        );
        sendBffError(reply, 403, refusal);
        return;
      }
    }
    done();
  });

  /** Resolves the session cookie; answers 401 and returns null when there is none. */
  const authenticate = async (request: FastifyRequest, reply: FastifyReply): Promise<User | null> => {
    const session = await sessions.resolve(request.cookies[cookie.name]);
    const user = session ? users.find(session.username) : undefined;
    if (!session || !user) {
      sendBffError(reply, 401, 'Sign in required');
      return null;
    }
    request.bffUser = user;
    request.bffSessionKey = session.key;
    return user;
  };

  const guard: ProxyGuard = async (request, reply, route) => {
    const user = await authenticate(request, reply);
    if (user === null) return true;
    if (!roleCan(user.role, route.id as AnyRouteId)) {
      sendBffError(reply, 403, `Your role (${user.role}) may not do this`);
      return true;
    }
    const bucket = await store.takeToken(
      `api:${request.bffSessionKey!}`,
      limits.apiRatePerSecond,
      limits.apiBurst,
      clock(),
    );
    if (!bucket.allowed) {
      sendRetryLater(reply, 429, bucket.retryAfterMs, 'Too many requests: slow down');
      return true;
    }
    return false;
  };

  // Audit: who did which state-changing call, and how it ended. Reads are not audited.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.bffRoute;
    if (route !== null && route.mutates) {
      request.log.info(
        {
          audit: 'api',
          user: request.bffUser?.username ?? null,
          routeId: route.id,
          status: reply.statusCode,
        },
        'audit',
      );
    }
    done();
  });

  const audit = (
    request: FastifyRequest,
    event: AuthEvent,
    username: string | null,
    status: number,
  ): void => {
    request.log.info({ audit: event, user: username, ip: request.ip, status }, 'audit');
    opts.onAuthEvent?.(request, event, username === null ? null : (users.find(username) ?? null), status);
  };

  const passwordChecks = new ConcurrencyGate(limits.loginConcurrency, limits.loginQueue);
  // A hash of the typed name, so a password typed into the username field is not kept readable
  // in the store (Redis) for the window.
  const accountKey = (username: string): string =>
    `login:a:${createHash('sha256').update(username).digest('base64url')}`;

  app.post('/auth/login', async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    const parsed = LoginBody.safeParse(request.body);
    if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error));
    const username = normaliseUsername(parsed.data.username);
    const user = users.find(username);
    // Audit lines name existing accounts only: an unknown "username" may be a password typed
    // into the wrong field.
    const who = user?.username ?? null;
    const counters = [
      { key: accountKey(username), limit: limits.loginAttemptsPerAccount },
      { key: `login:ip:${request.ip}`, limit: limits.loginAttemptsPerAddress },
    ] as const;
    const [account, address] = counters;
    const giveBack = (key: string): Promise<void> => store.returnAttempt(key, clock());

    // Counted before the password is checked, in one atomic step: a burst of any size gets at
    // most the limit of checks, per account and per address, on one instance or several.
    const attempt = await store.takeAttempts(counters, limits.loginWindowMs, clock());
    if (!attempt.allowed) {
      audit(request, 'login-throttled', who, 429);
      return sendRetryLater(reply, 429, attempt.retryAfterMs, 'Too many failed sign-ins: try again later');
    }
    const turn = passwordChecks.tryEnter();
    if (turn === null) {
      // Never checked, so it does not count against the account or the address.
      await Promise.all([giveBack(account.key), giveBack(address.key)]);
      audit(request, 'login-busy', who, 503);
      return sendRetryLater(reply, 503, 1000, 'Sign-in is busy: try again in a moment');
    }
    const release = await turn;
    let ok: boolean;
    try {
      ok = user
        ? await verifyPassword(parsed.data.password, user.passwordHash)
        : await burnPasswordCheck(parsed.data.password);
    } finally {
      release();
    }
    if (!ok || !user) {
      audit(request, 'login-failed', who, 401);
      return sendBffError(reply, 401, 'Wrong username or password');
    }

    // Success clears the account's count and gives the address its attempt back, so colleagues
    // behind one address do not use up each other's allowance by signing in.
    await Promise.all([store.resetCount(account.key), giveBack(address.key)]);
    // A new id at every sign-in: a session id planted before sign-in never becomes authenticated.
    await sessions.destroy(request.cookies[cookie.name]);
    const sid = await sessions.create(user.username);
    reply.setCookie(cookie.name, sid, cookieOptions);
    audit(request, 'login', user.username, 204);
    return reply.code(204).send();
  });

  app.post('/auth/logout', async (request, reply) => {
    const sid = request.cookies[cookie.name];
    const session = await sessions.resolve(sid);
    await sessions.destroy(sid);
    reply.clearCookie(cookie.name, cookieOptions);
    audit(request, 'logout', session?.username ?? null, 204);
    return reply.code(204).header('cache-control', NO_STORE).send();
  });

  return guard;
}

type SessionRouteId = (typeof SESSION_ROUTES)[number]['id'];

/**
 * `GET /bff/me` and `GET /bff/team` (src/contract/routes/session.ts), registered with the BFF's
 * other routes: signed out, the guard answers 401 `Sign in required`, which is how the browser
 * learns it must sign in.
 */
export function sessionHandlers(deps: {
  /** Whom threads and leads can be assigned to (teamOf: the roster, the AI agents, the accounts). */
  readonly team: Team;
}): BffHandlers<SessionRouteId> {
  return {
    'session.me': ({ user }): Me => ({
      id: user.username,
      name: user.displayName,
      role: user.role,
      upstreamUserId: user.upstreamUserId,
    }),
    'session.team': () => deps.team,
  };
}
