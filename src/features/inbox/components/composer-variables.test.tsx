import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '@/lib/api-client';
import { fake, withBff } from '@/test/bff';
import { renderRoutes as renderInbox, stubLayout } from '@/test/render-routes';

// Quick replies with variables, in the composer of an open thread.

withBff({ live: true });
beforeAll(stubLayout);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** An open whatsapp thread linked to a CRM contact with a first name. */
function namedThread() {
  const ws = fake.workspace();
  const found = [...ws.social.threads.values()].find((t) => {
    const contact = t.conv.contact_id ? ws.crm.contacts.get(t.conv.contact_id) : undefined;
    const channel = ws.social.channels.find((c) => c.id === t.conv.channel_id);
    const warm =
      t.meta.lastInboundAt !== null && fake.clock.now().getTime() - t.meta.lastInboundAt < 20 * 3_600_000;
    return (
      !t.conv.is_group &&
      contact?.first_name &&
      channel?.platform === 'whatsapp' &&
      warm &&
      !t.meta.unreachable
    );
  });
  if (!found) throw new Error('the seed has no warm whatsapp thread with a named contact');
  return { thread: found, contact: ws.crm.contacts.get(found.conv.contact_id!)! };
}

/** Creates a reply through the BFF and waits until its read model (which a new tab reads) has it. */
async function createReply(title: string, shortcut: string, body: string) {
  await call('quickReplies.create', { body: { title, shortcut, body } });
  await waitFor(async () => {
    const workspace = await call('workspace.get');
    expect(workspace.quickReplies?.some((q) => q.shortcut === shortcut)).toBe(true);
  });
}

async function pick(shortcut: string) {
  const user = userEvent.setup();
  // The first render of a run is slow on two shared cores.
  const composer = await screen.findByRole('textbox', { name: 'Message' }, { timeout: 8_000 });
  await user.click(composer);
  await user.keyboard(`/${shortcut}`);
  await screen.findByRole('listbox', { name: 'Quick replies' }, { timeout: 5_000 });
  await user.click(await screen.findByRole('option', { name: new RegExp(`/${shortcut}`) }));
  return { user, composer };
}

describe('quick replies with variables', () => {
  it('fills what it knows, holds the send while a variable has no value, says which, and sends once it is replaced', async () => {
    await createReply(
      'Order number',
      'ordernum',
      'Hi {{contact.first_name}}, your order {{order.id}} is on its way.',
    );
    const { thread, contact } = namedThread();
    await renderInbox(`/inbox/${thread.conv.id}`);
    const { user, composer } = await pick('ordernum');
    const filled = `Hi ${contact.first_name!}, your order {{order.id}} is on its way.`;
    await waitFor(() => expect(composer).toHaveValue(filled));
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(/Replace \{\{order\.id\}\} before sending/);
    await user.keyboard('{Enter}');
    expect(composer).toHaveValue(filled);

    await user.clear(composer);
    await user.type(composer, 'Your order A-1042 is on its way.');
    expect(send).toBeEnabled();
    await user.click(send);
    await waitFor(() => expect(composer).toHaveValue(''));
    expect(thread.messages.at(-1)?.text).toBe('Your order A-1042 is on its way.');
  });
});
