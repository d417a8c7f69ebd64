// Finding the record a row duplicates, by email and by phone (issue 15: Twenty's import is
// criticised for creating duplicates). Emails match ignoring case; phone numbers match on their
// last nine digits once punctuation, a `+` or `00` prefix and a national trunk zero are gone, so
// "+44 20 7946 0958", "0044 20 7946 0958" and "020 7946 0958" are one number. Nine digits is the
// length of a subscriber number in most plans; two numbers of different countries that share
// their last nine digits are rare enough to be worth the matches it finds.

const PHONE_KEY_DIGITS = 9;
/** Shorter runs of digits are extensions or typos, not numbers to match on. */
const MIN_PHONE_DIGITS = 6;

export const emailKey = (email: string | null | undefined): string | null => {
  const key = email?.trim().toLowerCase();
  return key ? key : null;
};

export const phoneKey = (phone: string | null | undefined): string | null => {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length < MIN_PHONE_DIGITS) return null;
  return digits.slice(-PHONE_KEY_DIGITS);
};

export interface Contactable {
  readonly id: string;
  readonly email?: string | null | undefined;
  readonly phone?: string | null | undefined;
  readonly mobile?: string | null | undefined;
}

export interface DuplicateMatch {
  readonly id: string;
  readonly by: 'email' | 'phone';
}

/** Records by email and phone key; the first record holding a key keeps it. */
export class DuplicateIndex {
  private readonly emails = new Map<string, string>();
  private readonly phones = new Map<string, string>();

  constructor(records: Iterable<Contactable> = []) {
    for (const record of records) this.add(record);
  }

  add(record: Contactable): void {
    const email = emailKey(record.email);
    if (email && !this.emails.has(email)) this.emails.set(email, record.id);
    for (const phone of [record.phone, record.mobile]) {
      const key = phoneKey(phone);
      if (key && !this.phones.has(key)) this.phones.set(key, record.id);
    }
  }

  /** The record with the same email, else the same phone number. */
  find(candidate: Omit<Contactable, 'id'>): DuplicateMatch | null {
    const email = emailKey(candidate.email);
    const byEmail = email ? this.emails.get(email) : undefined;
    if (byEmail) return { id: byEmail, by: 'email' };
    for (const phone of [candidate.phone, candidate.mobile]) {
      const key = phoneKey(phone);
      const byPhone = key ? this.phones.get(key) : undefined;
      if (byPhone) return { id: byPhone, by: 'phone' };
    }
    return null;
  }
}
