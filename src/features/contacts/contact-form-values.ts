import type { Contact, ContactCreate, ContactUpdate } from '@/contract';
import { changedTexts, filledTexts, textsOf } from '@/lib/form-values';
import { normalizePhone } from './phone-digits';

/** The contact form's state, as its controls hold it. */
export interface ContactValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  mobile: string;
  position: string;
  department: string;
  is_primary: boolean;
  status: 'active' | 'inactive';
  notes: string;
  tags: string[];
}

export const emptyContactValues = (): ContactValues => ({
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  mobile: '',
  position: '',
  department: '',
  is_primary: false,
  status: 'active',
  notes: '',
  tags: [],
});

const TEXT = ['first_name', 'last_name', 'email', 'position', 'department', 'notes'] as const;
const PHONES = ['phone', 'mobile'] as const;

export function valuesFromContact(c: Contact): ContactValues {
  return {
    ...textsOf(c, [...TEXT, ...PHONES]),
    is_primary: c.is_primary === true,
    status: c.status ?? 'active',
    tags: [...(c.tags ?? [])],
  };
}

/** The create body: blanks left out, numbers stored as E.164 digits when they are international. */
export function createBody(values: ContactValues, customerId: string): ContactCreate {
  const body: ContactCreate = {
    ...filledTexts(values, TEXT),
    customer_id: customerId,
    first_name: values.first_name.trim(),
  };
  for (const key of PHONES) {
    const value = normalizePhone(values[key]);
    if (value) body[key] = value;
  }
  if (values.is_primary) body.is_primary = true;
  if (values.tags.length) body.tags = [...values.tags];
  return body;
}

/** The update body: only what changed, so a save never overwrites someone else's edit. */
export function updateBody(values: ContactValues, original: Contact): ContactUpdate {
  const before = valuesFromContact(original);
  const body: ContactUpdate = changedTexts(values, before, TEXT);
  for (const key of PHONES) {
    // Stored numbers may be formatted ("+44 20 …"): compare as normalised, or every save rewrites them.
    const value = normalizePhone(values[key]);
    if (value !== normalizePhone(before[key])) body[key] = value;
  }
  if (values.is_primary !== before.is_primary) body.is_primary = values.is_primary;
  if (values.status !== before.status) body.status = values.status;
  const sameTags =
    values.tags.length === before.tags.length && values.tags.every((id) => before.tags.includes(id));
  if (!sameTags) body.tags = [...values.tags];
  return body;
}
