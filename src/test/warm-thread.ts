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

const DAY = 24 * 3_600_000;

/**
 * A one-to-one thread of the seed on a platform: warm (the window open for at least another hour,
 * three messages or more) or cold (closed for over a day and an hour), and reachable.
 */
export function seededThread(fake: Fake, platform: 'whatsapp' | 'instagram', warm: boolean) {
  const ws = fake.workspace();
  const now = fake.clock.now().getTime();
  const found = [...ws.social.threads.values()].find((t) => {
    const channel = ws.social.channels.find((c) => c.id === t.conv.channel_id);
    if (t.conv.is_group || channel?.platform !== platform) return false;
    if (t.meta.unreachable || t.meta.lastInboundAt === null) return false;
    const age = now - t.meta.lastInboundAt;
    return warm ? age < DAY - 3_600_000 && t.messages.length >= 3 : age > DAY + 3_600_000;
  });
  if (!found) throw new Error(`the seed has no ${warm ? 'warm' : 'cold'} ${platform} thread`);
  return found;
}
