import type { Page } from '@playwright/test';
import type { Contact, CustomerList, Lead, LeadList } from '../src/contract';
import { DEMO_USERS, expect, test } from './fixtures';
import type { FakeControl } from './fake-control';
import { e2eEnv } from './env';

/** A customer of the seed with at least one contact, and that contact. */
async function customerWithContact(fake: FakeControl) {
  const list = await fake.api<CustomerList>('crm', 'GET', '/v1/customers?customer_type=business&limit=20');
  for (const customer of list.customers) {
    const contacts = await fake.api<Contact[]>('crm', 'GET', `/contacts/customer/${customer.id}`);
    const contact = contacts[0];
    if (contact) return { customer, contact };
  }
  throw new Error('the seed has no business customer with a contact');
}

async function openCustomer(page: Page, id: string, name: string) {
  await page.goto(`/customers/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // Log activity is open to every role: once it shows, the role is known and absences mean something.
  await expect(page.getByRole('button', { name: 'Log activity' })).toBeVisible();
}

test.describe('an agent', () => {
  test.use({ role: 'agent' });

  test('reads customers and contacts without edit actions, and the BFF refuses what the UI hides', async ({
    page,
    fake,
  }) => {
    const { customer, contact } = await customerWithContact(fake);
    await openCustomer(page, customer.id, customer.name);
    await expect(page.getByRole('button', { name: 'Edit details' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New contact' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add tags' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit fields' })).toHaveCount(0);
    // Reading stays whole: the contacts are listed and lead to their page.
    const contacts = page.getByRole('region', { name: 'Contacts' });
    await contacts
      .getByRole('link', { name: new RegExp(contact.first_name ?? '') })
      .first()
      .click();
    const details = page.getByRole('region', { name: 'Contact details' });
    await expect(details).toContainText('Only managers and admins can edit contacts.');
    await expect(details.getByRole('textbox')).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Save changes' })).toHaveCount(0);

    // Straight at the API: the role table refuses before anything reaches the upstream.
    const patch = await page.request.patch(`/api/crm/v1/customers/${customer.id}`, {
      headers: { 'x-csrf': '1', origin: e2eEnv.baseURL },
      data: { name: 'Renamed by an agent' },
    });
    expect(patch.status()).toBe(403);
    expect(patch.headers()['x-bff-error']).toBe('1');
    const stored = await fake.api<{ name: string }>('crm', 'GET', `/v1/customers/${customer.id}`);
    expect(stored.name).toBe(customer.name);

    // A call the agent may make is still refused without X-CSRF: the header is checked first.
    const noCsrf = await page.request.post('/api/social/v1/quick-replies', {
      headers: { origin: e2eEnv.baseURL },
      data: { title: 'No header', shortcut: 'noheader', body: 'Should not be saved.' },
    });
    expect(noCsrf.status()).toBe(403);
    expect(noCsrf.headers()['x-bff-error']).toBe('1');
    const replies = await fake.api<{ data: { shortcut: string }[] }>('social', 'GET', '/v1/quick-replies');
    expect(replies.data.map((q) => q.shortcut)).not.toContain('noheader');
  });
  test('sees a view-only lead board and drawer, and the BFF refuses a move', async ({ page, fake }) => {
    const list = await fake.api<LeadList>('crm', 'GET', '/v1/leads?limit=1');
    const lead = list.data[0]!;
    await page.goto('/leads');
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await expect(page.getByText('View only: only managers and admins can move leads')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New lead' })).toHaveCount(0);
    const card = page.locator('[data-lead-card]').first();
    await expect(card).toBeVisible();
    // No card carries dnd-kit's draggable semantics (its sensors are off for this role).
    await expect(page.locator('[aria-roledescription="draggable"]')).toHaveCount(0);

    // A card still opens its lead, read-only.
    await page.goto(`/leads?lead=${lead.id}`);
    const drawer = page.getByRole('dialog', { name: lead.name });
    await expect(drawer.getByText('Only managers and admins can edit leads.')).toBeVisible();
    await expect(drawer.getByRole('combobox', { name: 'Stage' })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
    await expect(drawer.getByRole('textbox', { name: 'Name' })).toBeDisabled();

    // Straight at the API: the role table refuses the move before it reaches the upstream.
    const patch = await page.request.patch(`/api/crm/v1/leads/${lead.id}`, {
      headers: { 'x-csrf': '1', origin: e2eEnv.baseURL },
      data: { status: 'won' },
    });
    expect(patch.status()).toBe(403);
    expect(patch.headers()['x-bff-error']).toBe('1');
    const stored = await fake.api<Lead>('crm', 'GET', `/v1/leads/${lead.id}`);
    expect(stored.status).toBe(lead.status);
  });
});

test.describe('a manager', () => {
  test.use({ role: 'manager' });

  test('sees the edit actions on a customer and the contact form', async ({ page, fake }) => {
    const { customer, contact } = await customerWithContact(fake);
    await openCustomer(page, customer.id, customer.name);
    await expect(page.getByRole('button', { name: 'Edit details' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New contact' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add tags' })).toBeVisible();
    await page.goto(`/contacts/${contact.id}`);
    await expect(page.getByRole('form', { name: 'Edit contact' })).toBeVisible();
    await expect(page.getByText('Only managers and admins can edit contacts.')).toHaveCount(0);
  });
  test('reads lead stages without changing them', async ({ page }) => {
    await page.goto('/settings/stages');
    await expect(page.getByRole('heading', { level: 1, name: 'Lead stages' })).toBeVisible();
    await expect(page.getByText('Only admins can change lead stages.')).toBeVisible();
    const stages = page.getByRole('list', { name: 'Stages' });
    await expect(stages.getByRole('listitem').first()).toBeVisible();
    await expect(stages.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Add a stage' })).toHaveCount(0);
  });
});

test('a person signs in on the sign-in page, signs out, and comes back to where they were going', async ({
  browser,
  fake: _fake,
}) => {
  // A fresh context: the fixture's page is already signed in, this one starts with no session.
  const context = await browser.newContext({ baseURL: e2eEnv.baseURL });
  const page = await context.newPage();
  const agent = DEMO_USERS.agent;
  const signInWith = async (password: string) => {
    await page.getByRole('textbox', { name: 'Email' }).fill(agent.username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  try {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign in to Chatdesk' })).toBeVisible();
    await signInWith('not-the-password');
    await expect(page.getByRole('alert')).toHaveText('That email and password do not match.');
    await expect(page.getByLabel('Password')).toHaveValue('');
    await signInWith(agent.password);
    await expect(page).toHaveURL(/\/inbox/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toContainText(agent.name);

    await nav.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to Chatdesk' })).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in/);
    expect((await page.request.get('/bff/me')).status()).toBe(401);

    await page.goto('/customers');
    await expect(page).toHaveURL(/\/sign-in\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/customers');
    await expect(
      page.getByText('Sign in to continue; you will come back to the page you asked for.'),
    ).toBeVisible();
    await signInWith(agent.password);
    await expect(page).toHaveURL(/\/customers$/);
    await expect(page.getByRole('table', { name: 'Customers' })).toBeVisible();
  } finally {
    await context.close();
  }
});
