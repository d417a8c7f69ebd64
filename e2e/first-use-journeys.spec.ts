import type { Page } from '@playwright/test';
import type {
  Contact,
  Conversation,
  ConversationList,
  CustomerList,
  LeadList,
  LeadStage,
} from '../src/contract';
import { DEMO_USERS, expect, test } from './fixtures';
import type { FakeControl } from './fake-control';

// Journeys a new user tripped over (issue 10): storage per user, "Message" from a contact, keyboard
// drag announcements, a bulk job under a rate limit, and the list view's owner filter.

const SOFIA_THREAD = 'f1ca5c1c-5ec4-46e1-a657-d57b20a75ad2';
const PRIYA_THREAD = 'c6ae807a-9dde-4c5e-8152-34737da12651';

/** Every conversation of the workspace, read straight from the fake (arranging only). */
async function allConversations(fake: FakeControl): Promise<Conversation[]> {
  const out: Conversation[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await fake.api<ConversationList>(
      'social',
      'GET',
      `/v1/conversations?limit=100&offset=${String(offset)}`,
    );
    out.push(...page.data);
    if (!page.hasMore) return out;
  }
}

const newestFirst = (a: Conversation, b: Conversation) =>
  (b.last_message_at ?? '').localeCompare(a.last_message_at ?? '');

test.describe('storage', () => {
  test.use({ role: 'agent' });

  test('a draft does not outlive sign-out: the next user sees an empty composer', async ({ page }) => {
    await page.goto(`/inbox/${SOFIA_THREAD}`);
    await page.getByRole('textbox', { name: 'Message' }).fill('Ana’s half-written answer');
    await expect
      .poll(() => page.evaluate(() => Object.values(localStorage).some((v) => v.includes('half-written'))))
      .toBe(true);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to Chatdesk' })).toBeVisible();
    // Everything Ana kept in this browser is gone.
    const left = await page.evaluate(() => ({
      keys: Object.keys(localStorage),
      values: Object.values(localStorage),
      session: sessionStorage.length,
    }));
    expect(left.keys.filter((k) => k.includes(encodeURIComponent(DEMO_USERS.agent.username)))).toEqual([]);
    expect(left.values.filter((v) => v.includes('half-written'))).toEqual([]);
    expect(left.session).toBe(0);

    const marco = DEMO_USERS.manager;
    await page.getByRole('textbox', { name: 'Email' }).fill(marco.username);
    await page.getByLabel('Password').fill(marco.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/inbox/);
    await page.goto(`/inbox/${SOFIA_THREAD}`);
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });
});

test.describe('contacts', () => {
  test.use({ role: 'manager' });

  test('"Message" opens the contact’s existing thread, and New conversation only when there is none', async ({
    page,
    fake,
  }) => {
    const conversations = await allConversations(fake);
    const priya = conversations.find((c) => c.id === PRIYA_THREAD)!;
    const hers = conversations.filter((c) => c.contact_id === priya.contact_id).sort(newestFirst);
    const expected = hers.find((c) => c.status === 'open') ?? hers[0]!;
    await page.goto(`/contacts/${priya.contact_id!}`);
    await page.getByRole('link', { name: 'Message' }).click();
    await expect(page).toHaveURL(new RegExp(`/inbox/${expected.id}`));
    await expect(page.getByRole('region', { name: /^Conversation with / })).toBeVisible();

    // A contact with a mobile and no thread at all starts a new one.
    const linked = new Set(conversations.map((c) => c.contact_id));
    const customers = await fake.api<CustomerList>('crm', 'GET', '/v1/customers?limit=50');
    let lonely: Contact | undefined;
    for (const customer of customers.customers) {
      const contacts = await fake.api<Contact[]>('crm', 'GET', `/contacts/customer/${customer.id}`);
      lonely = contacts.find((c) => c.mobile && c.first_name && !linked.has(c.id));
      if (lonely) break;
    }
    await page.goto(`/contacts/${lonely!.id}`);
    await page.getByRole('link', { name: 'Message' }).click();
    await expect(page).toHaveURL(/\/inbox\/new\?/);
    await expect(page.getByRole('heading', { name: 'New conversation' })).toBeVisible();
  });
});

test.describe('leads', () => {
  test.use({ role: 'manager' });

  test('keyboard drag on the board announces the pick-up, each move and the drop', async ({ page, fake }) => {
    const stages = (await fake.api<LeadStage[]>('crm', 'GET', '/v1/lead-stages')).filter(
      (s) => !s.is_won && !s.is_lost,
    );
    const [first, second] = stages;
    await page.goto('/leads');
    const live = page.locator('[id^="DndLiveRegion"]');
    const card = page
      .getByRole('region', { name: first!.name, exact: true })
      .getByRole('list', { name: `Leads in ${first!.name}` })
      .getByRole('button')
      .first();
    await expect(card).toBeVisible();
    // The live region is there before anything is picked up, so the first announcement is heard.
    await expect(live).toBeAttached();
    const name = (await card.getAttribute('aria-label'))!.split(',')[0]!;
    await card.focus();
    await page.keyboard.press('Space');
    await expect(live).toHaveText(
      `Picked up lead ${name} from stage ${first!.name}. Use the left and right arrow keys to choose a stage.`,
    );
    await page.keyboard.press('ArrowRight');
    await expect(live).toHaveText(`Lead ${name} was moved over stage ${second!.name}.`);
    await page.keyboard.press('Space');
    await expect(live).toHaveText(`Lead ${name} was dropped on stage ${second!.name}.`);
  });

  test('the list view’s owner filter fills its pages and gives the true count at once', async ({
    page,
    fake,
  }) => {
    const marco = DEMO_USERS.manager;
    // Every lead, to count Marco's: the upstream has no owner filter (the BFF applies it).
    const all = await fake.api<LeadList>('crm', 'GET', '/v1/leads?limit=100');
    const leads = [...all.data];
    for (let offset = 100; offset < all.total; offset += 100)
      leads.push(
        ...(await fake.api<LeadList>('crm', 'GET', `/v1/leads?limit=100&offset=${String(offset)}`)).data,
      );
    const theirs = leads.filter((l) => l.assigned_to_user_id === marco.id).length;
    await page.goto(`/leads?view=list&owner=${marco.id}`);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(26); // a header row and a full page of 25
    // The seventh column: a manager's table starts with the bulk actions' boxes.
    for (const cell of await page.getByRole('table').getByRole('row').locator('td:nth-child(7)').all())
      await expect(cell).toHaveText(marco.name);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByRole('status')).toHaveText(
      `${String(theirs)} leads · page 1 of ${String(Math.ceil(theirs / 25))}`,
    );
  });
});

/** A stage that is neither default, won nor lost and holds a few leads (the fewest above one). */
async function smallStage(fake: FakeControl): Promise<{ stage: LeadStage; count: number }> {
  const stages = await fake.api<LeadStage[]>('crm', 'GET', '/v1/lead-stages');
  const counted: { stage: LeadStage; count: number }[] = [];
  for (const stage of stages.filter((s) => !s.is_default && !s.is_won && !s.is_lost)) {
    const list = await fake.api<LeadList>('crm', 'GET', `/v1/leads?status=${stage.key}&limit=1`);
    if (list.total > 1) counted.push({ stage, count: list.total });
  }
  return counted.sort((a, b) => a.count - b.count)[0]!;
}

async function changeKey(page: Page, stage: LeadStage, key: string) {
  await page.goto('/settings/stages');
  await page.getByRole('button', { name: `Edit stage ${stage.name}` }).click();
  const form = page.getByRole('form', { name: `Edit stage ${stage.name}` });
  await form.getByLabel('Key').fill(key);
  await form.getByRole('button', { name: 'Save stage' }).click();
}

test.describe('settings', () => {
  test.use({ role: 'admin' });

  test('the stage key migration meets 429s, shows its progress and still moves every lead', async ({
    page,
    fake,
  }) => {
    const { stage, count } = await smallStage(fake);
    await changeKey(page, stage, `${stage.key}_v2`);
    const panel = page.getByRole('region', { name: 'Leads on the old key' });
    await expect(panel).toContainText(`${String(count)} leads still hold the old key`);
    await fake.fail({
      method: 'PATCH',
      path: '/v1/leads/{id}',
      status: 429,
      count: 3,
      message: 'Too many requests',
    });
    await panel.getByRole('button', { name: `Move them to “${stage.key}_v2”` }).click();
    await expect(panel.getByRole('progressbar', { name: 'Leads moved' })).toBeVisible();
    await expect(panel.getByText(/The server asked us to slow down/)).toBeVisible();
    await expect(page.getByText(`Moved ${String(count)} leads to “${stage.key}_v2”.`)).toBeVisible({
      timeout: 30_000,
    });
    const left = await fake.api<LeadList>('crm', 'GET', `/v1/leads?status=${stage.key}&limit=1`);
    expect(left.total).toBe(0);
  });
});
