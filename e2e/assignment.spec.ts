import type { Conversation } from '../src/contract';
import { ACME_CHANNELS } from '../mocks/social/seed-channels';
import type { FakeControl } from './fake-control';
import { DEMO_USERS, expect, expectAccessible, teammate, test } from './fixtures';
import { conversations } from './threads';

// Assignment rules (issue 39 item 2) in Chromium: an admin sets a round-robin rule on a channel
// in Settings → Assignment, handing out to Ana only; a closed thread nobody owns comes back with
// a customer's message; Ana, whose inbox is open (so she counts as Available), finds it in Mine
// and its header names her as the owner, without a reload. The audit log says the rule did it.

test.use({ role: 'admin' });

const readConversation = (fake: FakeControl, id: string) =>
  fake.api<Conversation>('social', 'GET', `/v1/conversations/${id}`);

test('an admin sets a round-robin rule and a thread that comes back is assigned to the agent', async ({
  page,
  browser,
  fake,
}) => {
  // A closed one-to-one thread on Acme Support that nobody owns: it comes back with a message.
  const closed = (await conversations(fake, `status=closed&channelId=${ACME_CHANNELS.whatsappSupport}`)).find(
    (c) => !c.is_group,
  );
  if (!closed) throw new Error('the seed has no closed thread on Acme Support');
  if (closed.assigned_to_user_id)
    await fake.api('social', 'PATCH', `/v1/conversations/${closed.id}/assign-owner`, { userId: null });

  // Ana has the inbox open: she counts as Available.
  const ana = await teammate(browser, 'agent');
  await ana.goto('/inbox?owner=mine');

  await page.goto('/settings/assignment');
  const support = page.getByRole('region', { name: 'Acme Support' });
  const form = support.getByRole('form', { name: 'Acme Support rule' });
  await expect(form.getByLabel('How')).toHaveValue('round-robin');
  await form.getByRole('checkbox', { name: 'Marco Manager' }).uncheck();
  await form.getByRole('checkbox', { name: 'Ada Admin' }).uncheck();
  await expect(form.getByRole('checkbox', { name: 'Ana Agent' })).toBeChecked();
  await expect(form.getByLabel('Assign new threads automatically')).toBeChecked();
  await form.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByText('Acme Support: rule saved')).toBeVisible();
  await expect(support.getByText('On', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await fake.inbound({ conversationId: closed.id, text: 'Hello again, is anyone there?' });

  // The upstream says it is Ana's, then Ana sees it in Mine and opens it: she owns it.
  await expect
    .poll(async () => (await readConversation(fake, closed.id)).assigned_to_user_id, { timeout: 20_000 })
    .toBe(DEMO_USERS.agent.id);
  const row = ana.locator(`[data-thread-row="${closed.id}"]`);
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.getByRole('link').click();
  await expect(ana.getByRole('button', { name: 'Owner: Ana Agent. Change owner' })).toBeVisible();

  // The audit log says the rule did it.
  await page.goto('/settings/audit');
  await expect(
    page
      .getByText(/was assigned automatically to Ana Agent by the Acme Support rule \(round robin\)/)
      .first(),
  ).toBeVisible();
  await ana.context().close();
});
