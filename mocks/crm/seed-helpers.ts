// Small deterministic building blocks for the CRM seed: every value comes from the rng and `now`.
import type { Rng } from '../core/rng';
import { DAY_MS, iso } from '../core/time';
import { TEAM_MEMBERS } from '../team';
import {
  COMPANY_STEMS,
  COMPANY_SUFFIXES,
  FIRST_NAMES,
  LAST_NAMES,
  LEGAL_FORMS,
  PLACES,
  type Place,
} from './seed-names';

/** Picks by relative weight: `weighted(rng, [['a', 3], ['b', 1]])` yields 'a' three times as often. */
export function weighted<T>(rng: Rng, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((sum, [, w]) => sum + w, 0);
  let roll = rng.next() * total;
  for (const [value, w] of options) {
    roll -= w;
    if (roll < 0) return value;
  }
  return options[options.length - 1]![0];
}

/** A moment between `maxDaysAgo` and `minDaysAgo` days before `now`, to the second. */
export function pastIso(rng: Rng, now: Date, minDaysAgo: number, maxDaysAgo: number): string {
  const span = (maxDaysAgo - minDaysAgo) * DAY_MS;
  const at = now.getTime() - minDaysAgo * DAY_MS - Math.floor(rng.next() * span);
  return iso(Math.floor(at / 1000) * 1000);
}

/** A moment after `fromIso` and not after `now`. */
export function laterIso(rng: Rng, fromIso: string, now: Date): string {
  const from = Date.parse(fromIso);
  const at = from + Math.floor(rng.next() * Math.max(0, now.getTime() - from));
  return iso(Math.floor(at / 1000) * 1000);
}

export const isoDate = (ms: number) => iso(ms).slice(0, 10);

export interface Person {
  first: string;
  last: string;
  place: Place;
}

export const person = (rng: Rng): Person => ({
  first: rng.pick(FIRST_NAMES),
  last: rng.pick(LAST_NAMES),
  place: rng.pick(PLACES),
});

export const companyName = (rng: Rng) => {
  const legal = rng.pick(LEGAL_FORMS);
  return `${rng.pick(COMPANY_STEMS)} ${rng.pick(COMPANY_SUFFIXES)}${legal ? ` ${legal}` : ''}`;
};

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ü/g, 'u')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

export const domainOf = (company: string) => `${ascii(company.split(' ').slice(0, 2).join(''))}.example`;

/** A business gets a company name and its own mail domain; a private person a webmail domain. */
export function organisation(rng: Rng, business: boolean): { company: string | null; domain: string } {
  const company = business ? companyName(rng) : null;
  return { company, domain: company ? domainOf(company) : 'mail.example' };
}

export const emailOf = (p: Person, domain: string) => `${ascii(p.first)}.${ascii(p.last)}@${domain}`;

/** E.164 digits without the plus: what the inbox sends to (decisions.md `to`). */
// Subscriber digits start at 2: North American exchanges cannot begin with 0 or 1.
export function mobileDigits(rng: Rng, place: Place): string {
  const national = place.mobile + String(rng.int(2_000_000, 9_999_999));
  return `${place.code}${national}`.slice(0, 15);
}

/** A display phone number, E.164 with the plus. */
export const displayPhone = (rng: Rng, place: Place) => `+${mobileDigits(rng, place)}`;

/** Most records have an owner; a few are unassigned so the "unassigned" views have rows. */
export const ownerId = (rng: Rng, unassignedShare: number): string | null =>
  rng.chance(unassignedShare) ? null : rng.pick(TEAM_MEMBERS).id;

/** Up to `max` distinct picks. */
export function someOf<T>(rng: Rng, items: readonly T[], max: number): T[] {
  const count = rng.int(0, Math.min(max, items.length));
  const out = new Set<T>();
  while (out.size < count) out.add(rng.pick(items));
  return [...out];
}
