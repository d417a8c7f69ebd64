import type { Fake } from '../../mocks/fake';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The seed's one-to-one threads on a platform that can be written to, with the age of their last inbound message. */
function reachableThreads(fake: Fake, platform: 'whatsapp' | 'instagram') {
  const ws = fake.workspace();
  const now = fake.clock.now().getTime();
  return [...ws.social.threads.values()].flatMap((thread) => {
    const channel = ws.social.channels.find((c) => c.id === thread.conv.channel_id);
    if (thread.conv.is_group || channel?.platform !== platform) return [];
    if (thread.meta.unreachable || thread.meta.lastInboundAt === null) return [];
    return [{ thread, age: now - thread.meta.lastInboundAt }];
  });
}

/**
 * A one-to-one whatsapp thread of the fake's seed whose 24-hour window is open (free text can be
 * sent), optionally one that is open too.
 */
export function warmThread(fake: Fake, { open = false }: { open?: boolean } = {}) {
  const found = reachableThreads(fake, 'whatsapp').find(
    ({ thread, age }) => (!open || thread.conv.status === 'open') && age < 20 * HOUR,
  );
  if (!found) throw new Error('the seed has no warm whatsapp thread');
  return found.thread;
}

/**
 * A one-to-one thread of the seed on a platform: warm (the window open for at least another hour,
 * three messages or more) or cold (closed for over a day and an hour).
 */
export function seededThread(fake: Fake, platform: 'whatsapp' | 'instagram', warm: boolean) {
  const found = reachableThreads(fake, platform).find(({ thread, age }) =>
    warm ? age < DAY - HOUR && thread.messages.length >= 3 : age > DAY + HOUR,
  );
  if (!found) throw new Error(`the seed has no ${warm ? 'warm' : 'cold'} ${platform} thread`);
  return found.thread;
}
