import { test as base, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { FakeControl } from './fake-control';
import { e2eEnv } from './env';

export type Role = 'agent' | 'manager' | 'admin';

/** The demo users of the BFF (README): one per role. Fixed demo passwords, not secrets. */
export const DEMO_USERS: Record<Role, { username: string; password: string; name: string; id: string }> = {
  agent: {
    username: 'ana@acme.test',
    password: 'agent-demo-pass',
    name: 'Ana Agent',
    id: 'a0000000-0000-4000-8000-000000000001',
  },
  manager: {
    username: 'marco@acme.test',
    password: 'manager-demo-pass',
    name: 'Marco Manager',
    id: 'a0000000-0000-4000-8000-000000000002',
  },
  admin: {
    username: 'ada@acme.test',
    password: 'admin-demo-pass',
    name: 'Ada Admin',
    id: 'a0000000-0000-4000-8000-000000000003',
  },
};

/** Signs the page's context in through the BFF, as the sign-in page would. */
export async function signIn(page: Page, role: Role) {
  const me = await page.request.get('/bff/me');
  if (me.ok()) return;
  const user = DEMO_USERS[role];
  const response = await page.request.post('/auth/login', {
    data: { username: user.username, password: user.password },
    headers: { 'x-csrf': '1', origin: e2eEnv.baseURL },
  });
  expect(response.ok(), `sign-in as ${role} answered ${String(response.status())}`).toBe(true);
}

/**
 * The fake was just reset to its seed: a real upstream's data never goes back in time, so the BFF's
 * read model is told to read the workspace again (as an admin would after a restore).
 */
async function reloadWorkspace(request: APIRequestContext) {
  const admin = DEMO_USERS.admin;
  const headers = { 'x-csrf': '1', origin: e2eEnv.baseURL };
  const login = await request.post(`${e2eEnv.baseURL}/auth/login`, {
    data: { username: admin.username, password: admin.password },
    headers,
  });
  expect(login.ok(), `admin sign-in for the reload answered ${String(login.status())}`).toBe(true);
  const reload = await request.post(`${e2eEnv.baseURL}/bff/workspace/reload`, { headers, timeout: 40_000 });
  expect(reload.status(), 'the workspace reload').toBe(204);
  await request.post(`${e2eEnv.baseURL}/auth/logout`, { headers });
}

interface Fixtures {
  fake: FakeControl;
  role: Role;
  /** Every response body and header the browser received, checked for the API key after each test. */
  keyWatch: void;
}

/** A teammate signed in in a browser context of their own, beside the test's page. */
export async function teammate(browser: Browser, role: Role): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eEnv.baseURL });
  const page = await context.newPage();
  await signIn(page, role);
  return page;
}

export const test = base.extend<Fixtures>({
  role: ['admin', { option: true }],
  fake: async ({ request }, use) => {
    const fake = new FakeControl(request);
    await fake.reset();
    await reloadWorkspace(request);
    await use(fake);
  },
  keyWatch: [
    async ({ page }, use) => {
      const leaks: string[] = [];
      const pending: Promise<void>[] = [];
      page.on('response', (response) => {
        pending.push(
          (async () => {
            // A response that arrives as the page closes (a download's) has nothing left to read;
            // this must never reject, since it may outlive the test that awaits the others.
            const all = await response.allHeaders().catch(() => null);
            if (all === null) return;
            const headers = JSON.stringify(all);
            let body = '';
            // The live stream never ends, so its body cannot be awaited here; its events are
            // contract records the BFF validated (src/server/events), checked by the BFF's tests.
            if (all['content-type']?.startsWith('text/event-stream')) {
              if (headers.includes(e2eEnv.apiKey)) leaks.push(response.url());
              return;
            }
            try {
              body = (await response.body()).toString('utf8');
            } catch {
              // Redirects and aborted responses have no body to read.
            }
            if (headers.includes(e2eEnv.apiKey) || body.includes(e2eEnv.apiKey)) leaks.push(response.url());
          })(),
        );
      });
      await use();
      await Promise.allSettled(pending);
      expect(leaks, 'responses that carried the API key').toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page, role, fake: _fake }, use) => {
    await signIn(page, role);
    await use(page);
  },
});

export { expect };

/** axe-core finds no serious or critical violations on the page as it is now. */
export async function expectAccessible(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
}

/** A name as the app writes it into plain-text messages (toasts): direction-isolated (FSI … PDI). */
export const isolated = (text: string) => `\u2068${text}\u2069`;
