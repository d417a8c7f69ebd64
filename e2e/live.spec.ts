import type { Page } from '@playwright/test';
import type { Conversation, ConversationList, LeadList, LeadStage } from '../src/contract';
import { DEMO_USERS, expect, teammate, test } from './fixtures';
import type { FakeControl } from './fake-control';
import { e2eEnv } from './env';

// The live workspace (issue 12): changes reach every signed-in browser by the BFF's stream, with
// no reload and no per-screen polling. Each test keeps a second person's browser beside the page.

/** A second person, signed in in a browser context of their own. */
/** A write through the BFF, as the teammate's browser makes it. */
async function write(page: Page, method: 'PATCH' | 'POST', path: string, data?: unknown) {
  const response = await page.request.fetch(path, {
    method,
    headers: { 'x-csrf': '1', origin: e2eEnv.baseURL },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path} answered ${String(response.status())}`).toBe(true);
}

async function openThread(fake: FakeControl): Promise<Conversation> {
  const list = await fake.api<ConversationList>('social', 'GET', '/v1/conversations?status=open&limit=50');
  const thread = list.data.filter((c) => !c.is_group).at(-1);
  if (!thread) throw new Error('the seed has no open one-to-one thread');
  return thread;
}

const rowOf = (page: Page, id: string) => page.locator(`[data-thread-row="${id}"]`);
const bubble = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Message history' }).getByRole('listitem').filter({ hasText: text });

test.use({ role: 'manager' });

test('an inbound message reaches the thread list and the open thread without a reload', async ({
  page,
  fake,
}) => {
  const thread = await openThread(fake);
  await page.goto('/inbox');
  const rows = page.locator('[data-thread-row]');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).not.toHaveAttribute('data-thread-row', thread.id);

  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
  });
  await fake.inbound({ conversationId: thread.id, text: 'Is my order on its way?' });
  // Placed at the top by the pushed change, not by a read of the list.
  await expect(rows.first()).toHaveAttribute('data-thread-row', thread.id, { timeout: 5_000 });
  await expect(rowOf(page, thread.id)).toContainText('Is my order on its way?');
  expect(calls.filter((url) => url.includes('/v1/conversations?'))).toEqual([]);

  await rowOf(page, thread.id).getByRole('link').click();
  await expect(bubble(page, 'Is my order on its way?')).toBeVisible();
  // The fake's clock is frozen in e2e; a real second inbound comes later than the first.
  await fake.advanceClock(1_000);
  await fake.inbound({ conversationId: thread.id, text: 'Tracking number please' });
  await expect(bubble(page, 'Tracking number please')).toBeVisible({ timeout: 5_000 });
});

test('a message that arrives while the page opens, before its stream does, still reaches the thread', async ({
  page,
  fake,
}) => {
  const thread = await openThread(fake);
  // The page's stream is held back until the message has been synced and published to others.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/bff/events**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/inbox/${thread.id}`);
  await expect(
    page.getByRole('list', { name: 'Message history' }).getByRole('listitem').first(),
  ).toBeVisible();
  await fake.advanceClock(1_000);
  await fake.inbound({ conversationId: thread.id, text: 'Are you still there?' });
  await expect
    .poll(async () => (await page.request.get(`/bff/screens/thread?id=${thread.id}`)).text(), {
      timeout: 10_000,
    })
    .toContain('Are you still there?');
  release();
  // The stream starts where the page's first read stood, so the message is replayed to it.
  await expect(bubble(page, 'Are you still there?')).toBeVisible({ timeout: 5_000 });
});

test('a teammate’s reply, owner change and close show on an open thread at once', async ({
  page,
  fake,
  browser,
}) => {
  const thread = await openThread(fake);
  // The customer writes first, so the service window is open for Ana's reply.
  await fake.inbound({ conversationId: thread.id, text: 'Hello?' });
  await page.goto(`/inbox/${thread.id}`);
  await expect(page.getByRole('list', { name: 'Message history' })).toBeVisible();

  const ana = await teammate(browser, 'agent');
  await write(ana, 'POST', `/api/social/v1/conversations/${thread.id}/messages`, {
    text: 'Ana here, I will look into it.',
  });
  await expect(bubble(page, 'Ana here, I will look into it.')).toBeVisible({ timeout: 5_000 });

  await write(ana, 'PATCH', `/api/social/v1/conversations/${thread.id}/assign-owner`, {
    userId: DEMO_USERS.agent.id,
  });
  await expect(page.getByRole('button', { name: 'Owner: Ana Agent. Change owner' })).toBeVisible({
    timeout: 5_000,
  });
  await write(ana, 'PATCH', `/api/social/v1/conversations/${thread.id}/close`);
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible({ timeout: 5_000 });
  await ana.context().close();
});

test('a lead moved by a teammate changes column on an open board', async ({ page, fake, browser }) => {
  const stages = (await fake.api<LeadStage[]>('crm', 'GET', '/v1/lead-stages')).filter(
    (s) => !s.is_won && !s.is_lost,
  );
  const [from, to] = stages;
  if (!from || !to) throw new Error('the seed has fewer than two open stages');
  const lead = (await fake.api<LeadList>('crm', 'GET', `/v1/leads?status=${from.key}&limit=1`)).data[0]!;
  await page.goto('/leads');
  const column = (name: string) => page.getByRole('region', { name, exact: true });
  const card = (stage: string) =>
    column(stage)
      .getByRole('list', { name: `Leads in ${stage}` })
      .getByRole('button')
      .filter({ hasText: lead.name });
  await expect(card(from.name).first()).toBeVisible();

  const admin = await teammate(browser, 'admin');
  await write(admin, 'PATCH', `/api/crm/v1/leads/${lead.id}`, { status: to.key });
  await expect(card(to.name).first()).toBeVisible({ timeout: 5_000 });
  await expect(card(from.name)).toHaveCount(0);
  await admin.context().close();
});
