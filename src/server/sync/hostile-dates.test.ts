import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { HOSTILE_DATES } from '../testing/hostile-values';
import { problemWith, startHostileStack, type HostileStack } from '../testing/hostile-stack';
import { describeOnEachStore } from '../testing/test-stores';

// Issue 34: messages whose dates are hostile upstream data (a clock set to 9999, a bad import on
// the upstream's side). A message from "the future" must not stop the thread from counting what
// comes in after it: reading the thread reads up to now, not up to the year 9999.

const THREAD = 'a0b52181-8044-46f8-94e9-7692b6313062';
const FUTURE = HOSTILE_DATES.find((d) => d.name === 'year 9999 instant')!.value;

describeOnEachStore('hostile message dates through the sync', (suite) => {
  let stack: HostileStack;
  beforeAll(async () => {
    stack = await startHostileStack(suite);
  }, 60_000);
  afterAll(() => stack.close(), 30_000);

  const get = async (url: string) => {
    const res = await stack.call('agent', { method: 'GET', url });
    expect(problemWith(res), url).toBeNull();
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.json() as unknown;
  };
  const unread = async () =>
    ((await get('/bff/unread')) as { threads: Record<string, number> }).threads[THREAD] ?? 0;
  const found = async (word: string) =>
    ((await get(`/bff/search?q=${word}`)) as { messages: unknown[] }).messages.length;

  it(
    'a message dated 9999 does not keep later messages from counting as unread',
    { timeout: 60_000 },
    async () => {
      const fake = stack.upstream.fake;
      await unread();
      fake.control.advance(1_000);
      const { message } = fake.control.inbound({ conversationId: THREAD, text: 'sent from the far future' });
      // The upstream's own record, as a broken clock on its side would have stamped it.
      fake
        .workspace()
        .social.threads.get(THREAD)!
        .messages.find((m) => m.id === message.id)!.created_at = FUTURE;
      await vi.waitFor(async () => expect(await found('future')).toBe(1), { timeout: 15_000, interval: 100 });
      const read = await stack.call('agent', { method: 'POST', url: `/bff/conversations/${THREAD}/read` });
      expect(read.statusCode, read.body).toBe(204);
      expect(await unread()).toBe(0);

      fake.control.advance(1_000);
      fake.control.inbound({ conversationId: THREAD, text: 'an ordinary kingfisher' });
      await vi.waitFor(async () => expect(await found('kingfisher')).toBe(1), {
        timeout: 15_000,
        interval: 100,
      });
      await vi.waitFor(async () => expect(await unread()).toBe(1), { timeout: 5_000, interval: 100 });
    },
  );
});
