import { beforeAll, beforeEach, expect, it } from 'vitest';
import { MATCH_END, MATCH_START, snippetParts } from '../../contract';
import type { TeamStore } from '../store/open-store';
import { at, uuid } from '../testing/live-records';
import { describeOnEachStore } from '../testing/test-stores';
import { SearchRepository, toTsQuery, type IndexedMessage } from './search-repository';

const msg = (n: number, body: string, over: Partial<IndexedMessage> = {}): IndexedMessage => ({
  messageId: uuid(n, 'a1a1a1a1'),
  conversationId: uuid(1, 'c0c0c0c0'),
  direction: 'inbound',
  senderName: 'Sofia',
  body,
  createdAt: at(n),
  ...over,
});

const matched = (snippet: string) =>
  snippetParts(snippet)
    .filter((p) => p.match)
    .map((p) => p.text);

describeOnEachStore('message search index', (suite) => {
  let store: TeamStore;
  let repo: SearchRepository;
  beforeAll(async () => {
    store = await suite.openFresh();
    repo = new SearchRepository(store.db);
  }, 60_000);
  beforeEach(async () => {
    await store.db.deleteFrom('search_messages').execute();
  });

  it('finds every word, the last one as a prefix, newest first, with the matches marked', async () => {
    await repo.upsert([
      msg(1, 'Where is my refund for order 1042?'),
      msg(2, 'The refund was approved yesterday'),
      msg(3, 'Thanks for the quick delivery'),
    ]);
    const found = await repo.search('refund appr', 10);
    expect(found.map((f) => f.messageId)).toEqual([uuid(2, 'a1a1a1a1')]);
    expect(matched(found[0]!.snippet)).toEqual(['refund', 'approved']);
    const both = await repo.search('REFUND', 10);
    expect(both.map((f) => f.messageId)).toEqual([uuid(2, 'a1a1a1a1'), uuid(1, 'a1a1a1a1')]);
    expect(both[0]).toMatchObject({
      conversationId: uuid(1, 'c0c0c0c0'),
      createdAt: at(2),
      direction: 'inbound',
    });
    expect(await repo.search('1042', 10)).toHaveLength(1);
    expect(await repo.search('parcel', 10)).toEqual([]);
  });

  it('indexes a changed message again, once per batch, and strips the snippet markers from text', async () => {
    await repo.upsert([msg(1, 'first words'), msg(1, `second ${MATCH_START}words${MATCH_END}`)]);
    expect(await repo.count()).toBe(1);
    expect(await repo.search('first', 10)).toEqual([]);
    const [hit] = await repo.search('second', 10);
    const plain = hit!.snippet.replace(new RegExp(`[${MATCH_START}${MATCH_END}]`, 'g'), '');
    expect(plain.replace(/\s+/g, ' ').trim()).toBe('second words');
    expect(matched(hit!.snippet)).toEqual(['second']);
  });

  it('honours the limit and treats punctuation and quotes as spaces, never as query syntax', async () => {
    await repo.upsert([1, 2, 3].map((n) => msg(n, `can't wait, order ${n}`)));
    expect(await repo.search('order', 2)).toHaveLength(2);
    expect(await repo.search("can't & | ! (wait)", 10)).toHaveLength(3);
    expect(await repo.search('&|!:*()', 10)).toEqual([]);
  });
});

it('builds a tsquery of letters and digits only', () => {
  expect(toTsQuery("O'Brien  refund!")).toBe("'o' & 'brien' & 'refund':*");
  expect(toTsQuery('José 42')).toBe("'josé' & '42':*");
  expect(toTsQuery(' :* & ')).toBeNull();
});

describeOnEachStore('message search index: text the database cannot hold', (suite) => {
  let repo: SearchRepository;
  beforeAll(async () => {
    repo = new SearchRepository((await suite.openFresh()).db);
  }, 60_000);

  it('indexes a body and sender name holding U+0000 or a lone surrogate, with U+FFFD in their place', async () => {
    await repo.upsert([
      msg(1, 'refund\u0000please', { senderName: 'So\u0000fia' }),
      msg(2, 'broken \uD800 pair, invoice'),
    ]);
    // Whether U+FFFD splits words is the database's locale's to say: the prefix matches either way.
    expect((await repo.search('refund', 10)).map((f) => f.messageId)).toEqual([uuid(1, 'a1a1a1a1')]);
    const [found] = await repo.search('invoice', 10);
    expect(found?.snippet).toContain('\uFFFD');
    expect(found?.snippet).not.toContain('\u0000');
    expect(found?.snippet).not.toContain('\uD800');
    const sender = await repo.db
      .selectFrom('search_messages')
      .select('sender_name')
      .where('message_id', '=', uuid(1, 'a1a1a1a1'))
      .executeTakeFirst();
    expect(sender).toEqual({ sender_name: 'So\uFFFDfia' });
    expect(await repo.count()).toBe(2);
  });

  it('finds the newest matches of a common word, and an old rare word beyond the newest messages', async () => {
    // More messages than the search tries newest-first (5,000): the first is the only "parcel".
    const many = Array.from({ length: 5_200 }, (_, i) =>
      msg(i + 1, i === 0 ? 'where is my parcel' : `refund request number ${String(i)}`),
    );
    for (let i = 0; i < many.length; i += 1_000) await repo.upsert(many.slice(i, i + 1_000));
    const common = await repo.search('refund', 3);
    expect(common.map((f) => f.createdAt)).toEqual([at(5_200), at(5_199), at(5_198)]);
    const rare = await repo.search('parcel', 3);
    expect(rare.map((f) => f.messageId)).toEqual([uuid(1, 'a1a1a1a1')]);
  });
});
