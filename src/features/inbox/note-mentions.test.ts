import { describe, expect, it } from 'vitest';
import { insertMention, matchingTeammates, mentionAt, mentionsIn, strayMentions } from './note-mentions';

const people = [
  { username: 'ana@acme.test', name: 'Ana Agent' },
  { username: 'marco@acme.test', name: 'Marco Manager' },
  { username: 'ada@acme.test', name: 'Ada Admin' },
];

describe('note mentions', () => {
  it('finds the @word being typed at the caret, not an email or a finished one', () => {
    expect(mentionAt('Hi @ma', 6)).toEqual({ start: 3, query: 'ma' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('mail ana@acme', 13)).toBeNull();
    expect(mentionAt('Hi @ma there', 12)).toBeNull();
  });

  it('ranks teammates by name, then any word of it, then username', () => {
    expect(matchingTeammates(people, 'a').map((p) => p.name)).toEqual(['Ada Admin', 'Ana Agent']);
    expect(matchingTeammates(people, 'man').map((p) => p.name)).toEqual(['Marco Manager']);
    expect(matchingTeammates(people, 'zz')).toEqual([]);
  });

  it('inserts the name and keeps only mentions still in the text', () => {
    const at = mentionAt('Please @ma', 10)!;
    const done = insertMention('Please @ma', at, people[1]!);
    expect(done).toEqual({ text: 'Please @Marco Manager ', caret: 22 });
    expect(mentionsIn(done.text, [people[1]!, people[0]!])).toEqual(['marco@acme.test']);
    expect(mentionsIn('Please', [people[1]!])).toEqual([]);
  });

  it('flags @words that name nobody', () => {
    expect(strayMentions('@Ana and @Zed, see @marco@acme.test', people)).toEqual(['@Zed']);
  });
});
