import { CUSTOMER_SOURCES, type Contact, type Customer } from '../../src/contract';
import type { Rng } from '../core/rng';
import { DAY_MS } from '../core/time';
import {
  displayPhone,
  emailOf,
  isoDate,
  laterIso,
  mobileDigits,
  organisation,
  ownerId,
  pastIso,
  person,
  someOf,
  weighted,
} from './seed-helpers';
import { INDUSTRIES, POSITIONS, STREETS } from './seed-names';

/**
 * What the customer list's `fields` describes (the spec leaves its members open): one entry per
 * custom field, `{key, label, type, options?}`, so a client can render and edit `custom_fields`.
 */
export const CUSTOMER_FIELDS = [
  {
    key: 'account_tier',
    label: 'Account tier',
    type: 'select',
    options: ['bronze', 'silver', 'gold', 'platinum'],
  },
  { key: 'seats', label: 'Seats', type: 'number' },
  { key: 'renewal_date', label: 'Renewal date', type: 'date' },
  {
    key: 'preferred_channel',
    label: 'Preferred channel',
    type: 'select',
    options: ['whatsapp', 'instagram', 'messenger', 'telegram', 'email'],
  },
] as const;

const STATUS_WEIGHTS = [
  ['active', 10],
  ['prospect', 5],
  ['inactive', 3],
  ['archived', 2],
] as const;

export function seedCustomers(
  rng: Rng,
  now: Date,
  opts: { count: number; tagIds: readonly string[]; businessShare?: number },
): { customers: Customer[]; contacts: Contact[] } {
  const customers: Customer[] = [];
  const contacts: Contact[] = [];
  for (let i = 0; i < opts.count; i++) {
    const business = rng.chance(opts.businessShare ?? 0.65);
    const p = person(rng);
    const { company, domain } = organisation(rng, business);
    const createdAt = pastIso(rng, now, 1, 720);
    const tier = rng.pick(CUSTOMER_FIELDS[0].options);
    const customer: Customer = {
      id: rng.uuid(),
      name: company ?? `${p.first} ${p.last}`,
      company_name: company,
      industry: business ? rng.pick(INDUSTRIES) : null,
      website: company ? `https://www.${domain}` : null,
      email: company ? `hello@${domain}` : emailOf(p, domain),
      phone: displayPhone(rng, p.place),
      address: {
        street: `${rng.int(1, 220)} ${rng.pick(STREETS)}`,
        city: p.place.city,
        state: p.place.state,
        country: p.place.country,
        postal_code: p.place.postal,
      },
      customer_type: business ? 'business' : 'individual',
      // The first rows walk every status and source once, so every filter has rows.
      status: i < STATUS_WEIGHTS.length ? STATUS_WEIGHTS[i]![0] : weighted(rng, STATUS_WEIGHTS),
      source: i < CUSTOMER_SOURCES.length ? CUSTOMER_SOURCES[i]! : rng.pick(CUSTOMER_SOURCES),
      assigned_to_user_id: ownerId(rng, 0.1),
      tags: someOf(rng, opts.tagIds, 3),
      custom_fields: {
        account_tier: tier,
        seats: business ? rng.int(2, 250) : 1,
        renewal_date: isoDate(now.getTime() + rng.int(10, 365) * DAY_MS),
        preferred_channel: rng.pick(CUSTOMER_FIELDS[3].options),
      },
      created_at: createdAt,
      updated_at: laterIso(rng, createdAt, now),
    };
    customers.push(customer);
    if (!business) continue;
    const count = rng.int(1, 4);
    for (let c = 0; c < count; c++) {
      const cp = person(rng);
      const role = rng.pick(POSITIONS);
      contacts.push({
        id: rng.uuid(),
        customer_id: customer.id,
        first_name: cp.first,
        last_name: cp.last,
        email: emailOf(cp, domain),
        phone: displayPhone(rng, p.place),
        mobile: mobileDigits(rng, p.place),
        position: role.position,
        department: role.department,
        is_primary: c === 0,
        status: rng.chance(0.9) ? 'active' : 'inactive',
        image_url: null,
        notes: rng.chance(0.3) ? 'Prefers chat over phone calls.' : null,
        created_at: laterIso(rng, createdAt, now),
        tags: someOf(rng, opts.tagIds, 1),
      });
    }
  }
  return { customers, contacts };
}
