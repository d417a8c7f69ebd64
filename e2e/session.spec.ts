import type { ConversationList } from '../src/contract';
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

  // The session cookie is gone, as after idle expiry: the thread's next poll is refused by the BFF.
  await context.clearCookies();
  await expect(page).toHaveURL(/\/sign-in\?redirect=/, { timeout: 20_000 });

  await page.getByLabel('Email').fill(DEMO_USERS.agent.username);
  await page.getByLabel('Password').fill(DEMO_USERS.agent.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(new RegExp(`/inbox/${thread.id}`));
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
    'Draft written before the session ended',
  );
});
