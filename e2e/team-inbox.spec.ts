import type { Page } from '@playwright/test';
import type { Conversation, ConversationList, GroupResponse, QuickReplyList } from '../src/contract';
import { phone } from '../src/lib/phone';
import { DEMO_USERS, expect, expectAccessible, test } from './fixtures';
import type { FakeControl } from './fake-control';

// The inbox as a team tool (issue "Inbox II"): owners, the AI hand-off, close and reopen, quick
// replies and group chats, through the real BFF and the fake upstream.

async function conversations(fake: FakeControl, query: string): Promise<Conversation[]> {
  const list = await fake.api<ConversationList>('social', 'GET', `/v1/conversations?limit=100&${query}`);
  return list.data;
}

const readConversation = (fake: FakeControl, id: string) =>
  fake.api<Conversation>('social', 'GET', `/v1/conversations/${id}`);

const row = (page: Page, id: string) => page.locator(`[data-thread-row="${id}"]`);
const messageBubble = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Message history' }).getByRole('listitem').filter({ hasText: text });

test.describe('as a manager', () => {
  test.use({ role: 'manager' });

  test('assigns a thread to a teammate, hands it to the AI and takes it back', async ({ page, fake }) => {
    const mine = (await conversations(fake, `status=open&assignedTo=${DEMO_USERS.manager.id}`)).find(
      (c) => !c.is_group && !c.ai_agent_id,
    );
    if (!mine) throw new Error('the seed has no open thread of the manager without an AI agent');

    await page.goto('/inbox?owner=mine');
    await row(page, mine.id).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/inbox/${mine.id}`));
    const owner = page.getByRole('button', { name: 'Owner: Marco Manager. Change owner' });
    await expect(owner).toBeVisible();

    // To a teammate: the header says so at once and the thread leaves Mine.
    await owner.click();
    await page.getByRole('menuitemradio', { name: 'Ana Agent' }).click();
    await expect(page.getByRole('button', { name: 'Owner: Ana Agent. Change owner' })).toBeVisible();
    await expect(row(page, mine.id)).toHaveCount(0);
    // The header changes at once; the upstream's answer comes after: polled, not read once.
    await expect
      .poll(async () => (await readConversation(fake, mine.id)).assigned_to_user_id)
      .toBe(DEMO_USERS.agent.id);

    // To the AI: a clear banner, then Take over hands it back to people.
    await page.getByRole('button', { name: 'Hand to an AI agent' }).click();
    await page.getByRole('menuitem', { name: 'Aria (support bot)' }).click();
    const banner = page.getByText('Aria (support bot) is answering this conversation');
    await expect(banner).toBeVisible();
    await expect
      .poll(async () => (await readConversation(fake, mine.id)).ai_agent_id)
      .toBe('b0000000-0000-4000-8000-000000000001');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Take over' }).click();
    await expect(banner).toHaveCount(0);
    await expect.poll(async () => (await readConversation(fake, mine.id)).ai_agent_id).toBeNull();
  });
});

test('closes a thread, an inbound message reopens it, and a quick reply goes out with /', async ({
  page,
  fake,
}) => {
  const thread = (await conversations(fake, 'status=open')).find((c) => !c.is_group && !c.ai_agent_id);
  if (!thread) throw new Error('the seed has no open one-to-one thread');
  // The contact writes first, so the 24-hour window is open for the reply.
  await fake.inbound({ conversationId: thread.id, text: 'How long does shipping take?' });

  await page.goto(`/inbox/${thread.id}`);
  await expect(messageBubble(page, 'How long does shipping take?')).toBeVisible();
  await page.getByRole('button', { name: 'Close thread' }).click();
  await expect(page.getByRole('button', { name: 'Reopen thread' })).toBeVisible();
  expect((await readConversation(fake, thread.id)).status).toBe('closed');

  await fake.inbound({ conversationId: thread.id, text: 'Sorry, one more thing' });
  await expect(messageBubble(page, 'Sorry, one more thing')).toBeVisible();
  // The thread's record is polled less often than its messages.
  await expect(page.getByRole('button', { name: 'Close thread' })).toBeVisible({ timeout: 15_000 });
  expect((await readConversation(fake, thread.id)).status).toBe('open');

  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.click();
  await composer.pressSequentially('/ship');
  const menu = page.getByRole('listbox', { name: 'Quick replies' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('option', { selected: true })).toContainText('/shipping');
  await expect(composer).toBeFocused();
  await expectAccessible(page);
  await composer.press('Enter');
  const body = 'We ship to the whole EU in 3 to 5 working days; free above 80 euros.';
  await expect(composer).toHaveValue(body);
  await expect(menu).toHaveCount(0);
  await composer.press('Enter');
  await expect(messageBubble(page, body)).toBeVisible();
  await expect(composer).toHaveValue('');
});

test('creates, edits and deletes a quick reply', async ({ page, fake }) => {
  await page.goto('/quick-replies');
  await expect(page.getByRole('heading', { name: 'Quick replies' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Quick replies' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New quick reply' }).click();
  const dialog = page.getByRole('dialog', { name: 'New quick reply' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Warranty');
  const shortcut = dialog.getByRole('textbox', { name: 'Shortcut' });
  await shortcut.fill('pricing');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Every device carries a two-year warranty.');
  await dialog.getByRole('button', { name: 'Create quick reply' }).click();
  // The upstream refuses a taken shortcut; the words land on that field.
  await expect(dialog.getByText('Another quick reply already uses this shortcut')).toBeVisible();
  await expect(shortcut).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await shortcut.fill('warranty');
  await dialog.getByRole('button', { name: 'Create quick reply' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(list.getByText('/warranty')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Warranty' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit quick reply' });
  await edit.getByRole('textbox', { name: 'Message' }).fill('Every device carries a three-year warranty.');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(list.getByText('Every device carries a three-year warranty.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Warranty' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this quick reply?' });
  await expect(confirm).toContainText('will be gone for everyone on the team');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(list.getByText('/warranty')).toHaveCount(0);
  // The row leaves at once; the toast says when the upstream has answered.
  await expect(page.getByText('Deleted “Warranty”')).toBeVisible();

  const stored = await fake.api<QuickReplyList>('social', 'GET', '/v1/quick-replies');
  expect(stored.data.some((q) => q.shortcut === 'warranty')).toBe(false);
});

test('approves a join request and rotates the invite link of a group', async ({ page, fake }) => {
  const thread = (await conversations(fake, '')).find((c) => c.is_group && c.channel_id);
  if (!thread) throw new Error('the seed has no group thread');
  const groupPath = `/v1/chat/wa-groups/${encodeURIComponent(thread.external_thread_id)}?channelId=${thread.channel_id}`;
  const before = (await fake.api<GroupResponse>('social', 'GET', groupPath)).group;
  const request = before.join_requests?.[0];
  if (!request || !before.invite_link) throw new Error('the seeded group has no join request or link');

  await page.goto(`/inbox/${thread.id}`);
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details.getByRole('heading', { name: before.subject })).toBeVisible();
  await expect(details.getByText(before.invite_link)).toBeVisible();
  await expectAccessible(page);

  await details.getByRole('button', { name: `Approve ${phone(request.phone)}` }).click();
  await expect(details.getByRole('button', { name: `Approve ${phone(request.phone)}` })).toHaveCount(0);
  await expect(
    details.getByRole('heading', { name: `Participants (${String(before.participants.length + 1)})` }),
  ).toBeVisible();
  const approved = (await fake.api<GroupResponse>('social', 'GET', groupPath)).group;
  expect(approved.participants.map((p) => p.phone)).toContain(request.phone);

  await details.getByRole('button', { name: 'Rotate link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rotate the invite link?' });
  await expect(dialog).toContainText('The current link stops working at once');
  // The dialog alone: its overlay dims whatever toast is still on screen behind it.
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Rotate link' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(details.getByText(before.invite_link)).toHaveCount(0);
  const rotated = (await fake.api<GroupResponse>('social', 'GET', groupPath)).group;
  await expect(details.getByText(rotated.invite_link!)).toBeVisible();
  expect(await fake.inviteLinkValid(before.invite_link)).toBe(false);
  expect(await fake.inviteLinkValid(rotated.invite_link!)).toBe(true);
});
