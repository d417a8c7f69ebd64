import type { ConversationList } from '../src/contract';
import { e2eEnv } from './env';
import { DEMO_USERS, expect, test } from './fixtures';

test.use({ role: 'agent' });

test('a session that ends mid-work goes to sign-in and comes back to the thread with the draft intact', async ({
  page,
  context,
  fake,
}) => {
  const list = await fake.api<ConversationList>('social', 'GET', '/v1/conversations?limit=1&status=open');
  const thread = list.data[0]!;
  await page.goto(`/inbox/${thread.id}`);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Draft written before the session ended');

  // The session ends on the server, as after idle expiry: the live stream's next session check
  // ends it, the browser's reconnect is refused, and the app asks who is signed in.
  const ended = await context.request.post('/auth/logout', {
    headers: { 'x-csrf': '1', origin: e2eEnv.baseURL },
  });
  expect(ended.ok()).toBe(true);
  await expect(page).toHaveURL(/\/sign-in\?redirect=/, { timeout: 20_000 });

  await page.getByLabel('Email').fill(DEMO_USERS.agent.username);
  await page.getByLabel('Password').fill(DEMO_USERS.agent.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(new RegExp(`/inbox/${thread.id}`));
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
    'Draft written before the session ended',
  );
});

test('a screen’s code downloads beside the session’s first read, not after it', async ({ page }) => {
  // The session's first read is held for a while; what the page asks for meanwhile is noted.
  const heldMs = 1_500;
  let held = true;
  const scriptsWhileHeld: string[] = [];
  page.on('request', (request) => {
    if (held && request.resourceType() === 'script') scriptsWhileHeld.push(request.url());
  });
  await page.route('**/bff/workspace', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, heldMs));
    held = false;
    await route.continue();
  });
  const document = await page.goto('/leads');
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();

  // Beyond the scripts the document names: the lead screen's own code.
  const html = (await document?.text()) ?? '';
  const named = new Set([...html.matchAll(/ src="([^"]+)"/g)].map((m) => new URL(m[1]!, page.url()).href));
  expect(scriptsWhileHeld.filter((url) => !named.has(url))).not.toHaveLength(0);
});
