import {
  CUSTOMER_SOURCES,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  type Customer,
  type CustomerStatus,
  type CustomerUpdate,
} from '@/contract';
import { changedTexts, textsOf } from '@/lib/form-values';

/** The details form's state: every control holds a string, as inputs do. */
export interface DetailsValues {
  name: string;
  company_name: string;
  industry: string;
  website: string;
  email: string;
  phone: string;
  customer_type: string;
  status: string;
  source: string;
  street: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

export const TEXT_FIELDS = ['name', 'company_name', 'industry', 'website', 'email', 'phone'] as const;
export const ADDRESS_FIELDS = ['street', 'city', 'state', 'postal_code', 'country'] as const;

export function valuesFromCustomer(c: Customer): DetailsValues {
  return {
    ...textsOf(c, [...TEXT_FIELDS, 'customer_type', 'source']),
    name: c.name,
    status: c.status,
    ...textsOf(c.address ?? {}, ADDRESS_FIELDS),
  };
}

const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined =>
  (list as readonly string[]).includes(value) ? (value as T) : undefined;

/**
 * Only what changed goes to the server, so a save never overwrites a field someone else edited
 * meanwhile. Text is trimmed; the address travels whole when any member changed (the upstream
 * merges it member by member).
 */
export function updateFromValues(values: DetailsValues, original: Customer): CustomerUpdate {
  const before = valuesFromCustomer(original);
  const body: CustomerUpdate = changedTexts(values, before, TEXT_FIELDS);
  if (values.customer_type !== before.customer_type) {
    const type = oneOf(CUSTOMER_TYPES, values.customer_type);
    if (type) body.customer_type = type;
  }
  if (values.status !== before.status) {
    const status = oneOf<CustomerStatus>(CUSTOMER_STATUSES, values.status);
    if (status) body.status = status;
  }
  if (values.source !== before.source) {
    const source = oneOf(CUSTOMER_SOURCES, values.source);
    if (source) body.source = source;
  }
  if (Object.keys(changedTexts(values, before, ADDRESS_FIELDS)).length) {
    body.address = Object.fromEntries(ADDRESS_FIELDS.map((key) => [key, values[key].trim()]));
  }
  return body;
}

/** The form control that shows an error of a body path ("address.city" → "city"). */
export function controlOfPath(path: string): keyof DetailsValues | null {
  const key = path.startsWith('address.') ? path.slice('address.'.length) : path;
  return key in EMPTY ? (key as keyof DetailsValues) : null;
}

const EMPTY: DetailsValues = {
  name: '',
  company_name: '',
  industry: '',
  website: '',
  email: '',
  phone: '',
  customer_type: '',
  status: '',
  source: '',
  street: '',
  city: '',
  state: '',
  postal_code: '',
  country: '',
};
