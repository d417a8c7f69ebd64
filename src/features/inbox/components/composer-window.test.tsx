import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fake, withBff } from '@/test/bff';
import { renderRoutes as renderInbox, stubLayout } from '@/test/render-routes';

withBff({ resetAfterEach: false, live: true });
beforeAll(stubLayout);
configure({ asyncUtilTimeout: 5_000 });
afterEach(cleanup);

const HOUR = 3_600_000;

/** A one-to-one WhatsApp thread whose last inbound message is between `min` and `max` old. */
function threadAged(min: number, max: number) {
  const now = fake.clock.now().getTime();
  const ws = fake.workspace().social;
  const found = [...ws.threads.values()].find((t) => {
    const channel = ws.channels.find((c) => c.id === t.conv.channel_id);
    if (t.conv.is_group || channel?.platform !== 'whatsapp' || t.meta.lastInboundAt === null) return false;
    const age = now - t.meta.lastInboundAt;
    return age >= min && age < max;
  });
  if (!found) throw new Error('the seed has no such thread');
  return found.conv;
}

const composerArea = async () =>
  (await screen.findByRole('textbox', { name: 'Message' })).closest<HTMLElement>('.border-t')!;

describe('the composer’s reply window', () => {
  it('shows the time left where the reply is written', async () => {
    const thread = threadAged(HOUR, 20 * HOUR);
    await renderInbox(`/inbox/${thread.id}`);
    const area = await composerArea();
    expect(await within(area).findByText('Reply window:')).toBeInTheDocument();
    expect(within(area).getByText(/\d+ h left/)).toBeInTheDocument();
    // Nothing to warn about: the live region stays silent.
    expect(within(area).getByRole('status')).toHaveTextContent('');
  });

  it('warns, visibly and for screen readers, when under an hour is left', async () => {
    // The seed's thread whose window closes ten minutes after the fake started.
    const thread = threadAged(23 * HOUR, 24 * HOUR);
    await renderInbox(`/inbox/${thread.id}`);
    const area = await composerArea();
    expect(await within(area).findByText('Reply window closing:')).toBeInTheDocument();
    expect(within(area).getByText(/\d+ min left/)).toBeInTheDocument();
    expect(within(area).getByText(/^After \d\d:\d\d.* only a template can be sent\.$/)).toBeInTheDocument();
    expect(within(area).getByRole('status')).toHaveTextContent(/^Less than an hour left in the reply window/);
  });
});
