import { contactName, type RecordHit } from '../../contract';
import { fold } from '../../contract/text-fold';
import type { ReadModel } from '../sync/read-model';

// Contacts, customers, leads and quick replies found in the workspace the BFF holds (no call
// upstream): every word of the query must appear in the record's name, email, company or the
// like, ignoring case and accents; a run of digits also matches a phone number however it is
// written. Names that start with the query come first.

export interface FoundRecords {
  readonly contacts: RecordHit[];
  readonly customers: RecordHit[];
  readonly leads: RecordHit[];
  readonly quickReplies: RecordHit[];
}

const digitsOf = (value: string | null | undefined): string => (value ?? '').replace(/\D/g, '');

interface Candidate {
  readonly hit: RecordHit;
  /** Folded text the words are looked for in. */
  readonly text: string;
  readonly phones: readonly (string | null | undefined)[];
}

function matcher(query: string): (c: Candidate) => boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const digits = digitsOf(query);
  // A query that is mostly a number ("+44 20 7946", "7946") looks in phone numbers too.
  const phoneLike = digits.length >= 3 && digits.length >= query.replace(/\s/g, '').length - 2;
  // A national number's trunk zero ("030 …") is not in the international form ("+49 30 …").
  const national = digits.replace(/^0+/, '');
  const inPhone = (p: string | null | undefined) => {
    const stored = digitsOf(p);
    return stored.includes(digits) || (national.length >= 3 && stored.includes(national));
  };
  return (c) => words.every((w) => c.text.includes(w)) || (phoneLike && c.phones.some(inPhone));
}

function best(candidates: Iterable<Candidate>, query: string, limit: number): RecordHit[] {
  const matches = matcher(query);
  const folded = fold(query.trim());
  const found: Candidate[] = [];
  for (const c of candidates) if (matches(c)) found.push(c);
  const starts = (c: Candidate) => (fold(c.hit.title).startsWith(folded) ? 0 : 1);
  return found
    .sort((a, b) => starts(a) - starts(b) || a.hit.title.localeCompare(b.hit.title))
    .slice(0, limit)
    .map((c) => c.hit);
}

// Folding is the costly part and records are replaced, never changed in place, in the read model:
// each record's folded text is computed once and kept while the record lives.
const foldedText = new WeakMap<object, string>();
const textOf = (record: object, parts: () => string): string => {
  let text = foldedText.get(record);
  if (text === undefined) foldedText.set(record, (text = fold(parts())));
  return text;
};

const joined = (...parts: (string | null | undefined)[]): string => parts.filter(Boolean).join(' · ');

export function findRecords(model: ReadModel, query: string, limit: number): FoundRecords {
  function* contacts(): Iterable<Candidate> {
    for (const c of model.contacts.values()) {
      const title = contactName(c) || c.email || c.mobile || c.phone || 'Unnamed contact';
      const company = model.customers.get(c.customer_id)?.name;
      yield {
        hit: { id: c.id, title, detail: joined(company, c.email, c.mobile ?? c.phone) },
        text: textOf(c, () => joined(title, c.email, company, c.position)),
        phones: [c.mobile, c.phone],
      };
    }
  }
  function* customers(): Iterable<Candidate> {
    for (const c of model.customers.values()) {
      yield {
        hit: { id: c.id, title: c.name, detail: joined(c.company_name, c.email, c.phone) },
        text: textOf(c, () => joined(c.name, c.company_name, c.email, c.website)),
        phones: [c.phone],
      };
    }
  }
  function* leads(): Iterable<Candidate> {
    const stages = new Map((model.lists.stages ?? []).map((s) => [s.key, s.name]));
    for (const l of model.leads.values()) {
      yield {
        hit: {
          id: l.id,
          title: l.name,
          detail: joined(stages.get(l.status) ?? l.status, l.company_name, l.email),
        },
        text: textOf(l, () => joined(l.name, l.company_name, l.email)),
        phones: [l.phone],
      };
    }
  }
  function* quickReplies(): Iterable<Candidate> {
    for (const q of model.lists.quickReplies ?? []) {
      yield {
        hit: { id: q.id, title: q.title, detail: `/${q.shortcut}` },
        text: textOf(q, () => joined(q.title, q.shortcut, q.body)),
        phones: [],
      };
    }
  }
  return {
    contacts: best(contacts(), query, limit),
    customers: best(customers(), query, limit),
    leads: best(leads(), query, limit),
    quickReplies: best(quickReplies(), query, limit),
  };
}
