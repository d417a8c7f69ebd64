import * as z from 'zod/mini';
import { DateTime, Id, NullableId, Text, PageParam, LimitParam, once } from './common';
import { CustomerType } from './leads';

export const CUSTOMER_STATUSES = ['active', 'inactive', 'prospect', 'archived'] as const;
export const CustomerStatus = z.enum(CUSTOMER_STATUSES);
export type CustomerStatus = z.infer<typeof CustomerStatus>;

export const CUSTOMER_SOURCES = ['website', 'referral', 'import', 'manual', 'api'] as const;
export const CustomerSource = z.enum(CUSTOMER_SOURCES);

export const Address = z.lazy(() =>
  z.looseObject({
    street: Text,
    city: Text,
    state: Text,
    country: Text,
    postal_code: Text,
  }),
);
export type Address = z.infer<typeof Address>;

export const Customer = z.lazy(() =>
  z.looseObject({
    id: Id,
    name: z.string(),
    company_name: Text,
    industry: Text,
    website: Text,
    email: Text,
    phone: Text,
    address: z.nullish(Address),
    customer_type: z.nullish(CustomerType),
    status: CustomerStatus,
    source: z.nullish(CustomerSource),
    assigned_to_user_id: NullableId,
    tags: z.nullish(z.array(Id)),
    custom_fields: z.nullish(z.record(z.string(), z.unknown())),
    created_at: DateTime,
    updated_at: DateTime,
  }),
);
export type Customer = z.infer<typeof Customer>;

/** The spec leaves the members of `fields` open. */
export const CustomerField = z.lazy(() => z.looseObject({}));

export const CustomerList = z.lazy(() =>
  z.looseObject({
    customers: z.array(Customer),
    total: z.int(),
    page: z.int(),
    limit: z.int(),
    totalPages: z.int(),
    fields: z.array(CustomerField),
  }),
);
export type CustomerList = z.infer<typeof CustomerList>;

export const CustomerListQuery = z.lazy(() =>
  z.strictObject({
    status: z.optional(CustomerStatus),
    customer_type: z.optional(CustomerType),
    page: PageParam,
    limit: LimitParam,
  }),
);
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

export const CustomerStats = z.lazy(() =>
  z.looseObject({
    total: z.int(),
    active: z.int(),
    inactive: z.int(),
    prospect: z.int(),
    archived: z.int(),
    by_type: z.looseObject({ individual: z.int(), business: z.int() }),
  }),
);
export type CustomerStats = z.infer<typeof CustomerStats>;

const Email = z.lazy(() => z.union([z.email(), z.literal('')]));

export const AddressInput = z.lazy(() =>
  z.strictObject({
    street: z.optional(z.string().check(z.maxLength(200))),
    city: z.optional(z.string().check(z.maxLength(100))),
    state: z.optional(z.string().check(z.maxLength(100))),
    country: z.optional(z.string().check(z.maxLength(100))),
    postal_code: z.optional(z.string().check(z.maxLength(20))),
  }),
);
export type AddressInput = z.infer<typeof AddressInput>;

const customerUpdate = once(() =>
  z.strictObject({
    name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
    company_name: z.optional(z.string().check(z.maxLength(200))),
    industry: z.optional(z.string().check(z.maxLength(100))),
    website: z.optional(z.union([z.url({ protocol: /^https?$/ }), z.literal('')])),
    email: z.optional(Email),
    phone: z.optional(z.string().check(z.maxLength(32))),
    address: z.optional(AddressInput),
    customer_type: z.optional(CustomerType),
    status: z.optional(CustomerStatus),
    source: z.optional(CustomerSource),
    assigned_to_user_id: z.optional(z.nullable(Id)),
    custom_fields: z.optional(z.record(z.string(), z.unknown())),
  }),
);
export const CustomerUpdate = z.lazy(customerUpdate);
export type CustomerUpdate = z.infer<typeof CustomerUpdate>;

/** A new customer: a name, the rest as an update (an implied operation, docs/api-assumptions.md). */
export const CustomerCreate = z.lazy(() =>
  z.extend(customerUpdate(), {
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  }),
);
export type CustomerCreate = z.infer<typeof CustomerCreate>;

export const AddTagsBody = z.lazy(() => z.strictObject({ tagIds: z.array(Id).check(z.minLength(1)) }));
export type AddTagsBody = z.infer<typeof AddTagsBody>;

/** The spec says only "confirmation"; any 2xx body is accepted. */
export const Confirmation = z.unknown();
