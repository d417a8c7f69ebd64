import * as z from 'zod/mini';
import { DateTime } from './common';

// Values a request brings that the BFF keeps in or looks up in its own database (PostgreSQL):
// checked at the edge, so that what the database cannot hold, or what makes no sense, is a 400
// naming the field before any query, never a 500 from the query (issue 34).
//
// Text: PostgreSQL holds no U+0000 in a text or jsonb value. A lone UTF-16 surrogate has no UTF-8
// form: a driver would store U+FFFD instead (not what was sent) and jsonb refuses its escape. Both
// are refused rather than replaced: the person who typed or pasted it can fix it, and what is kept
// is then exactly what was sent. (Data from the upstream, which no one can fix, is made storable
// where it is written instead: src/server/store/storable-text.ts.)
//
// Dates: JavaScript and PostgreSQL both reach far past year 9999, but not in the same text (an
// expanded year, "+010000-01-01", is JavaScript's; year 0 is PostgreSQL's 1 BC), and a report that
// ends on 9999-12-31 runs into year 10000 a day later. Nothing this product keeps happened before
// the Unix epoch or will in a thousand years, so a value outside [1970, 2999] is a typo: refused.

const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Most text has no surrogate at all: one cheap test first, so a 50,000-row import stays fast.
const SURROGATE = /[\uD800-\uDFFF]/;

export const NUL_MESSAGE = 'must not contain the character U+0000';
export const SURROGATE_MESSAGE = 'must not contain a lone surrogate (invalid UTF-16)';

/** A check for a string schema: no U+0000 and no lone surrogate (each named in its own message). */
export const storableText = () =>
  z.check<string>((ctx) => {
    const text = ctx.value;
    if (text.includes(NUL)) ctx.issues.push({ code: 'custom', message: NUL_MESSAGE, input: text });
    if (SURROGATE.test(text) && LONE_SURROGATE.test(text))
      ctx.issues.push({ code: 'custom', message: SURROGATE_MESSAGE, input: text });
  });

/** The first and last day a request's date may name (UTC, inclusive). */
export const FIRST_DAY = '1970-01-01';
export const LAST_DAY = '2999-12-31';
const FIRST_MS = Date.parse(`${FIRST_DAY}T00:00:00.000Z`);
const LAST_MS = Date.parse(`${LAST_DAY}T23:59:59.999Z`);
const RANGE_MESSAGE = `must be a real date between ${FIRST_DAY} and ${LAST_DAY}`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const sensible = (ms: number): boolean => ms >= FIRST_MS && ms <= LAST_MS;

/** A calendar day, YYYY-MM-DD (UTC), that exists (no 30 February) and lies in [FIRST_DAY, LAST_DAY]. */
export const StorableDay = z.string().check(
  z.regex(DAY, 'must be a date (YYYY-MM-DD)'),
  z.refine((day) => {
    if (!DAY.test(day)) return true; // the format's message says it
    const ms = Date.parse(`${day}T00:00:00.000Z`);
    return sensible(ms) && new Date(ms).toISOString().slice(0, 10) === day;
  }, RANGE_MESSAGE),
);

/** An ISO 8601 date-time (offsets allowed) whose instant lies in [FIRST_DAY, LAST_DAY]. */
export const StorableDateTime = DateTime.check(
  z.refine((text) => !DateTime.safeParse(text).success || sensible(Date.parse(text)), RANGE_MESSAGE),
);
