import * as z from 'zod/mini';

// Response schemas are tolerant (decisions.md): unknown keys kept, GUIDs without a version
// check, offsets allowed in date-times. Request schemas are strict.

/**
 * A schema built the first time it is asked for, the same one every time after: for an object that
 * other schemas extend or make partial (which needs the object itself, not a `z.lazy` around it),
 * so that it too costs nothing while the app's shell loads.
 */
export function once<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

export const Id = z.guid();
export const DateTime = z.iso.datetime({ offset: true });
export const CalendarDate = z.iso.date();
/** A string field a real server may leave out or send as null. */
export const Text = z.nullish(z.string());
export const NullableId = z.nullish(Id);

export const ErrorBody = z.lazy(() =>
  z.looseObject({
    statusCode: z.int(),
    message: z.union([z.string(), z.array(z.string())]),
    error: z.string(),
  }),
);
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The leads envelope, which decisions.md makes the envelope of every list that pages. */
export const pageEnvelope = <T extends z.ZodMiniType>(item: T) =>
  z.lazy(() =>
    z.looseObject({
      data: z.array(item),
      total: z.int(),
      page: z.int(),
      limit: z.int(),
      totalPages: z.int(),
      hasMore: z.boolean(),
    }),
  );
export type PageEnvelope<T> = {
  data: T[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  hasMore: boolean;
};

export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 20;

// Query values arrive as strings; these coerce and then check, so "abc", "1.5" and "0" are refused.
export const PageParam = z.optional(z.coerce.number().check(z.int(), z.minimum(1)));
export const LimitParam = z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_LIMIT)));
export const OffsetParam = z.optional(z.coerce.number().check(z.int(), z.minimum(0)));

export const pagingQuery = { page: PageParam, limit: LimitParam, offset: OffsetParam };

/** E.164 digits without the plus sign, as `to` and phone numbers are sent (decisions.md). */
export const E164_DIGITS = /^[1-9][0-9]{6,14}$/;

/** A hex colour, as lead stages and tags carry. */
export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

// zod keeps an issue's input out of the error unless asked, so a missing field would read like a
// wrong type. The input is still known when the issue is raised: name the missing case there.
const REQUIRED = 'is required';
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? REQUIRED : undefined),
});

const describeIssue = (issue: z.core.$ZodIssue): string => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.message === REQUIRED ? REQUIRED : `must be a ${issue.expected}`;
    case 'too_small':
      if ((issue.origin === 'array' || issue.origin === 'string') && Number(issue.minimum) === 1)
        return 'must not be empty';
      return issue.origin === 'array' || issue.origin === 'string'
        ? `must have at least ${String(issue.minimum)} ${issue.origin === 'array' ? 'items' : 'characters'}`
        : `must not be less than ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'array' || issue.origin === 'string'
        ? `must have at most ${String(issue.maximum)} ${issue.origin === 'array' ? 'items' : 'characters'}`
        : `must not be greater than ${String(issue.maximum)}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'must be an email';
      if (issue.format === 'guid' || issue.format === 'uuid') return 'must be a UUID';
      if (issue.format === 'datetime') return 'must be an ISO 8601 date-time';
      if (issue.format === 'date') return 'must be an ISO 8601 date';
      return issue.message && issue.message !== 'Invalid input' ? issue.message : `has an invalid format`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `is not allowed`;
    case 'not_multiple_of':
      return 'must be a whole number';
    default:
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'is invalid';
  }
};

/**
 * Field errors in the shape decisions.md pins: each string starts with the field's name
 * ("email must be an email"), so a form can put each on its field.
 */
export function fieldErrors(error: z.core.$ZodError, prefix = ''): string[] {
  const out: string[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        out.push(`${prefix}${[...issue.path.map(String), key].join('.')} is not allowed`);
      continue;
    }
    const field = prefix + (issue.path.length ? issue.path.map(String).join('.') : 'body');
    const text = describeIssue(issue);
    // A custom message may already start with its field ("conversationId or channelId with to is required").
    out.push(text.startsWith(field) ? text : `${field} ${text}`);
  }
  return out;
}

/** Splits an upstream 400's message list by field name, for forms. */
export function errorsByField(message: string | string[] | undefined): Record<string, string> {
  const list = typeof message === 'string' ? [message] : (message ?? []);
  const out: Record<string, string> = {};
  for (const line of list) {
    const match = /^([A-Za-z_][\w.]*)\s+(.+)$/.exec(line);
    const field = match?.[1]?.split('.')[0];
    if (field && !(field in out)) out[field] = line;
  }
  return out;
}
