import * as z from 'zod/mini';
import {
  CalendarDate,
  DateTime,
  HEX_COLOR,
  Id,
  NullableId,
  Text,
  pageEnvelope,
  pagingQuery,
  once,
} from './common';

export const PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export const Priority = z.enum(PRIORITIES);
export type Priority = z.infer<typeof Priority>;

export const CUSTOMER_TYPES = ['individual', 'business'] as const;
export const CustomerType = z.enum(CUSTOMER_TYPES);
export type CustomerType = z.infer<typeof CustomerType>;

export const Lead = z.lazy(() =>
  z.looseObject({
    id: Id,
    name: z.string(),
    email: Text,
    phone: Text,
    company_name: Text,
    /** A stage key, never a display name. */
    status: z.string(),
    customer_type: z.nullish(CustomerType),
    industry: Text,
    source: Text,
    assigned_to_user_id: NullableId,
    priority: z.nullish(Priority),
    probability: z.nullish(z.number()),
    value: z.nullish(z.number()),
    currency: Text,
    expected_close_date: z.nullish(CalendarDate),
    tags: z.nullish(z.array(Id)),
    created_at: DateTime,
    updated_at: DateTime,
  }),
);
export type Lead = z.infer<typeof Lead>;

export const LeadList = pageEnvelope(Lead);
export type LeadList = z.infer<typeof LeadList>;

export const LeadListQuery = z.lazy(() =>
  z.strictObject({
    status: z.optional(z.string().check(z.minLength(1))),
    priority: z.optional(Priority),
    search: z.optional(z.string().check(z.maxLength(200))),
    ...pagingQuery,
  }),
);
export type LeadListQuery = z.infer<typeof LeadListQuery>;

const Email = z.lazy(() => z.union([z.email(), z.literal('')]));

/** Every writable lead field; `status` is a stage key (moving the lead). */
const leadCreate = once(() =>
  z.strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    email: z.optional(Email),
    phone: z.optional(z.string().check(z.maxLength(32))),
    company_name: z.optional(z.string().check(z.maxLength(200))),
    status: z.optional(z.string().check(z.minLength(1))),
    customer_type: z.optional(CustomerType),
    industry: z.optional(z.string()),
    source: z.optional(z.string()),
    assigned_to_user_id: z.optional(z.nullable(Id)),
    priority: z.optional(Priority),
    probability: z.optional(z.int().check(z.minimum(0), z.maximum(100))),
    value: z.optional(z.number().check(z.minimum(0))),
    currency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/, 'must be a 3-letter ISO 4217 code'))),
    expected_close_date: z.optional(z.nullable(CalendarDate)),
    tags: z.optional(z.array(Id)),
  }),
);
export const LeadCreate = z.lazy(leadCreate);
export type LeadCreate = z.infer<typeof LeadCreate>;

export const LeadUpdate = z.lazy(() => z.partial(leadCreate()));
export type LeadUpdate = z.infer<typeof LeadUpdate>;

export const LeadReassignBody = z.lazy(() => z.strictObject({ assigned_to_user_id: Id }));
export type LeadReassignBody = z.infer<typeof LeadReassignBody>;

export const LeadStage = z.lazy(() =>
  z.looseObject({
    id: Id,
    key: z.string(),
    name: z.string(),
    color: z.string(),
    position: z.int(),
    is_system: z.boolean(),
    is_default: z.boolean(),
    is_won: z.boolean(),
    is_lost: z.boolean(),
    created_at: DateTime,
    updated_at: DateTime,
  }),
);
export type LeadStage = z.infer<typeof LeadStage>;

export const LeadStageList = z.lazy(() => z.array(LeadStage));
export type LeadStageList = z.infer<typeof LeadStageList>;

export const STAGE_KEY = /^[a-z0-9]+(?:[_-][a-z0-9]+)*$/;

export const LeadStageUpdate = z.lazy(() =>
  z
    .strictObject({
      key: z.optional(
        z.string().check(z.maxLength(50), z.regex(STAGE_KEY, 'must be a lowercase slug (a-z, 0-9, _ or -)')),
      ),
      name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
      color: z.optional(z.string().check(z.regex(HEX_COLOR, 'must be a hex colour such as #3b82f6'))),
      position: z.optional(z.int().check(z.minimum(0))),
      is_default: z.optional(z.boolean()),
      is_won: z.optional(z.boolean()),
      is_lost: z.optional(z.boolean()),
    })
    .check(
      z.refine((b) => !(b.is_won === true && b.is_lost === true), {
        message: 'is_won and is_lost cannot both be true',
        path: ['is_won'],
      }),
    ),
);
export type LeadStageUpdate = z.infer<typeof LeadStageUpdate>;

export const LeadStageCreate = z.lazy(() =>
  z.strictObject({
    key: z.string().check(z.maxLength(50), z.regex(STAGE_KEY, 'must be a lowercase slug (a-z, 0-9, _ or -)')),
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    color: z.optional(z.string().check(z.regex(HEX_COLOR, 'must be a hex colour such as #3b82f6'))),
    position: z.optional(z.int().check(z.minimum(0))),
    is_default: z.optional(z.boolean()),
    is_won: z.optional(z.boolean()),
    is_lost: z.optional(z.boolean()),
  }),
);
export type LeadStageCreate = z.infer<typeof LeadStageCreate>;
