import Fastify, { type FastifyInstance } from 'fastify';
import { BFF_ROUTE_LIST } from '../../contract';
import { registerAuth } from '../auth/auth-plugin';
import { SessionManager } from '../auth/sessions';
import { sendBffError } from '../bff-error';
import type { AnyBffHandlers } from '../bff-routes/bff-handlers';
import { registerBffRoutes } from '../bff-routes/register-bff-routes';
import { MemoryStore } from '../kv/memory-store';
import { testConfig } from './test-app';
import { testUsers } from './test-users';

/**
 * One room's routes behind the BFF's own route plugin (session, CSRF, role, parsing by the
 * contract), as app.ts registers them, with the test users; every other room's routes answer 503,
 * so a room is tested before app.ts lists it. Long path parameters reach the route's own check.
 */
export async function roomApp(handlers: AnyBffHandlers): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 2048 } });
  const config = testConfig({ socialBase: 'http://upstream.test/s', crmBase: 'http://upstream.test/c' });
  const kv = new MemoryStore();
  const guard = await registerAuth(app, {
    users: await testUsers(),
    sessions: new SessionManager(kv),
    store: kv,
    cookie: { name: 'sid', secure: false },
    limits: config.limits,
    clock: Date.now,
  });
  const others: AnyBffHandlers = Object.fromEntries(
    BFF_ROUTE_LIST.map((r) => [
      r.id,
      ({ reply }: { reply: Parameters<typeof sendBffError>[0] }) => sendBffError(reply, 503, 'not here'),
    ]),
  );
  registerBffRoutes(app, {
    guard,
    available: new Set(['database', 'live', 'queue']),
    handlers: { ...others, ...handlers },
  });
  await app.ready();
  return app;
}
