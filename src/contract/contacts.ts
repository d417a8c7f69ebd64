import * as z from 'zod/mini';
import { DateTime, Id, Text, once } from './common';

export const Contact = z.lazy(() =>
  z.looseObject({
    id: Id,
    customer_id: Id,
    first_name: Text,
    last_name: Text,
    email: Text,
    phone: Text,
    mobile: Text,
    position: Text,
    department: Text,
    is_primary: z.nullish(z.boolean()),
    status: z.nullish(z.enum(['active', 'inactive'])),
    image_url: Text,
    notes: Text,
    created_at: DateTime,
    // Not in the spec's record, but the create request carries them and a server may echo them.
    tags: z.optional(z.nullish(z.array(Id))),
  }),
);
export type Contact = z.infer<typeof Contact>;

export const ContactList = z.lazy(() => z.array(Contact));
export type ContactList = z.infer<typeof ContactList>;

const Email = z.lazy(() => z.union([z.email(), z.literal('')]));
/** Phone numbers as people type them: digits with an optional leading +, spaces, dashes, dots, brackets. */
const Phone = z.lazy(() =>
  z.union([
    z
      .string()
      .check(z.regex(/^\+?[0-9][0-9 ().-]{5,24}$/, 'must be a phone number such as +44 20 7946 0958')),
    z.literal(''),
  ]),
);

/** The fields of a new contact, as one object: the update and the import build on it. */
export const contactCreate = once(() =>
  z.strictObject({
    customer_id: Id,
    first_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    last_name: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    email: z.optional(Email),
    phone: z.optional(Phone),
    mobile: z.optional(Phone),
    position: z.optional(z.string().check(z.maxLength(100))),
    department: z.optional(z.string().check(z.maxLength(100))),
    is_primary: z.optional(z.boolean()),
    notes: z.optional(z.string().check(z.maxLength(2000))),
    tags: z.optional(z.array(Id)),
  }),
);
export const ContactCreate = z.lazy(contactCreate);
export type ContactCreate = z.infer<typeof ContactCreate>;

export const ContactUpdate = z.lazy(() =>
  z.extend(z.partial(z.omit(contactCreate(), { customer_id: true })), {
    status: z.optional(z.enum(['active', 'inactive'])),
    image_url: z.optional(z.union([z.url({ protocol: /^https?$/ }), z.literal('')])),
  }),
);
export type ContactUpdate = z.infer<typeof ContactUpdate>;
