import type { Mentionable } from '@/contract';

// @mentions in a note as it is typed: what is being completed at the caret, who matches it, and
// which teammates the finished text still mentions.

/** The `@word` being typed just before the caret, if any: where it starts and what follows the @. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]{0,40})$/.exec(before);
  if (!match) return null;
  return { start: before.length - match[2]!.length - 1, query: match[2]! };
}

/** Teammates whose name or username starts with the query (any word of the name), best first. */
export function matchingTeammates(people: readonly Mentionable[], query: string, limit = 6): Mentionable[] {
  const q = query.toLowerCase();
  const score = (p: Mentionable) => {
    const name = p.name.toLowerCase();
    if (name.startsWith(q)) return 0;
    if (name.split(/\s+/).some((w) => w.startsWith(q))) return 1;
    if (p.username.toLowerCase().startsWith(q)) return 2;
    return -1;
  };
  return people
    .map((p) => ({ p, s: score(p) }))
    .filter((x) => x.s >= 0)
    .sort((a, b) => a.s - b.s || a.p.name.localeCompare(b.p.name))
    .slice(0, limit)
    .map((x) => x.p);
}

/** The text with the `@query` at `start` replaced by `@Name `, and where the caret goes after it. */
export function insertMention(
  text: string,
  at: { start: number; query: string },
  person: Mentionable,
): { text: string; caret: number } {
  const inserted = `@${person.name} `;
  const end = at.start + 1 + at.query.length;
  return { text: text.slice(0, at.start) + inserted + text.slice(end), caret: at.start + inserted.length };
}

/** The chosen teammates whose `@Name` is still in the text (a deleted mention notifies nobody). */
export function mentionsIn(text: string, chosen: readonly Mentionable[]): string[] {
  return [...new Set(chosen.filter((p) => text.includes(`@${p.name}`)).map((p) => p.username))];
}

/** `@words` in the text that name no teammate: said before saving, since they notify nobody. */
export function strayMentions(text: string, people: readonly Mentionable[]): string[] {
  const stray: string[] = [];
  for (const match of text.matchAll(/(^|\s)@([^\s@]+)/g)) {
    const word = match[2]!.replace(/[.,!?;:]+$/, '');
    if (word === '') continue;
    const known = people.some((p) => {
      const name = p.name.toLowerCase();
      return (
        name.split(/\s+/)[0] === word.toLowerCase() ||
        name.startsWith(word.toLowerCase()) ||
        p.username === word
      );
    });
    if (!known) stray.push(`@${word}`);
  }
  return [...new Set(stray)];
}
