import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppWithStore, type AppWithStore } from '../testing/app-with-store';
import { sameOriginHeaders, signIn } from '../testing/test-users';

// Each person's preferences in the BFF's database: off by default, changed field by field, their
// own only, and refused when malformed.

let stack: AppWithStore;
let app: FastifyInstance;

const get = (cookie: string) =>
  app.inject({ method: 'GET', url: '/bff/me/preferences', headers: { cookie } });
const put = (cookie: string, payload: object) =>
  app.inject({
    method: 'PUT',
    url: '/bff/me/preferences',
    headers: { ...sameOriginHeaders, cookie },
    payload,
  });

beforeAll(async () => {
  stack = await startAppWithStore({});
  ({ app } = stack);
}, 60_000);
afterAll(() => stack.close());

describe('/bff/me/preferences', () => {
  it('starts with notifications off and keeps each person’s own changes', async () => {
    const agent = await signIn(app, 'agent');
    const manager = await signIn(app, 'manager');
    expect((await get(agent)).json()).toEqual({ desktop: false, sound: false });
    expect((await put(agent, { desktop: true })).json()).toEqual({ desktop: true, sound: false });
    expect((await put(agent, { sound: true })).json()).toEqual({ desktop: true, sound: true });
    expect((await get(agent)).json()).toEqual({ desktop: true, sound: true });
    expect((await get(manager)).json()).toEqual({ desktop: false, sound: false });
  });

  it('refuses no session and a malformed body', async () => {
    expect((await get('')).statusCode).toBe(401);
    const bad = await put(await signIn(app, 'agent'), { desktop: 'yes', volume: 11 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(JSON.stringify(bad.json())).toMatch(/desktop/);
  });
});
