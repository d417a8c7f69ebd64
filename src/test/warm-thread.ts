import type { Fake } from '../../mocks/fake';

/**
 * A one-to-one whatsapp thread of the fake's seed whose 24-hour window is open (free text can be
 * sent), optionally one that is open too.
 */
export function warmThread(fake: Fake, { open = false }: { open?: boolean } = {}) {
  const ws = fake.workspace();
  const found = [...ws.social.threads.values()].find(
    (t) =>
      !t.conv.is_group &&
      (!open || t.conv.status === 'open') &&
      ws.social.channels.find((c) => c.id === t.conv.channel_id)?.platform === 'whatsapp' &&
      !t.meta.unreachable &&
      t.meta.lastInboundAt !== null &&
      fake.clock.now().getTime() - t.meta.lastInboundAt < 20 * 3_600_000,
  );
  if (!found) throw new Error('the seed has no warm whatsapp thread');
  return found;
}
