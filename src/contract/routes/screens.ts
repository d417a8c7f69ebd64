import * as z from 'zod/mini';
import { Id, LimitParam, PageParam, once, pageEnvelope } from '../common';
import { CustomerList, CustomerStatus } from '../customers';
import { CustomerType, Lead, Priority } from '../leads';
import type { Schema } from './define';
import { bffRoute } from './bff-define';
import { InboxQuery, InboxScreenPage, ThreadQuery, ThreadScreen } from './screens-inbox';
import { ContactScreen, CustomerScreen, RecordScreenQuery } from './screens-records';

// The BFF's own screen reads: what one screen shows, answered in one call from the BFF's read model
// of the workspace (docs/live-sync.md), never forwarded to the upstream. Same filter semantics as
// the upstream's lead list (spec Part 4: priority exact, search over name, email and company), plus
// the owner filter the upstream lacks. Queries are strict: an unknown or malformed parameter is a
// 400 naming it.

/** The column of leads whose status matches no stage; never a stage key (keys are slugs). */
export const UNMATCHED = '__unmatched__';
/** Cards in a column's first page (and in each further page) unless `limit` says otherwise. */
export const BOARD_PAGE = 20;
/**
 * Under a search, the most matches the board counts and sums. A search is for narrowing: one that
 * matches more ("tanaka" in a million leads) shows its newest cards per column without totals, so
 * its cost follows the cards shown rather than every match.
 */
export const SEARCH_COUNT_CAP = 1_000;

/** A team member's upstream user id, or `none` for leads nobody owns. */
export const OwnerFilter = z.lazy(() => z.union([Id, z.literal('none')]));
export type OwnerFilter = z.infer<typeof OwnerFilter>;

const leadFilters = {
  priority: z.optional(Priority),
  search: z.optional(z.string().check(z.maxLength(200))),
  owner: z.optional(OwnerFilter),
};

/** Where a column's next page starts: opaque to clients (the last card's order key). */
export const BoardCursor = z.string().check(z.regex(/^-?\d{1,16}_[0-9a-fA-F-]{36}$/, 'must be a cursor'));

export const BoardQuery = z.lazy(() => z.strictObject({ ...leadFilters, limit: LimitParam }));
export type BoardQuery = z.infer<typeof BoardQuery>;

export const BoardColumnQuery = z.lazy(() =>
  z.strictObject({
    /** A stage key, or UNMATCHED. */
    stage: z.string().check(z.minLength(1), z.maxLength(200)),
    cursor: z.optional(BoardCursor),
    ...leadFilters,
    limit: LimitParam,
  }),
);
export type BoardColumnQuery = z.infer<typeof BoardColumnQuery>;

export const LeadScreenQuery = z.lazy(() =>
  z.strictObject({ ...leadFilters, page: PageParam, limit: LimitParam }),
);
export type LeadScreenQuery = z.infer<typeof LeadScreenQuery>;

/** Money of one currency in a column: the plain sum and the sum weighted by each lead's probability. */
export const CurrencySum = z.lazy(() =>
  z.looseObject({
    /** null: leads with a value but no currency. */
    currency: z.nullable(z.string()),
    value: z.number(),
    /** Sum of value × probability / 100 (the lead's own probability, spec: a percentage). */
    weighted: z.number(),
  }),
);
export type CurrencySum = z.infer<typeof CurrencySum>;

export const BoardCard = z.lazy(() =>
  z.looseObject({
    lead: Lead,
    /** One of the lead's activities has the outcome `follow_up_needed` (spec Part 2). */
    followUp: z.boolean(),
  }),
);
export type BoardCard = z.infer<typeof BoardCard>;

/** A page of one column's cards, newest first, and where the next one starts (null: none). */
const boardColumnPage = once(() =>
  z.looseObject({
    /** The stage key, or UNMATCHED. */
    stage: z.string(),
    cards: z.array(BoardCard),
    nextCursor: z.nullable(BoardCursor),
  }),
);
export const BoardColumnPage = z.lazy(boardColumnPage);
export type BoardColumnPage = z.infer<typeof BoardColumnPage>;

/** A column with its exact totals under the filters, and its first page of cards. */
export const BoardColumn = z.lazy(() =>
  z.extend(boardColumnPage(), {
    total: z.int(),
    /** Largest sum first. */
    sums: z.array(CurrencySum),
  }),
);
export type BoardColumn = z.infer<typeof BoardColumn>;

export const Board = z.lazy(() =>
  z.looseObject({
    /** One per stage, in board order (position). */
    columns: z.array(BoardColumn),
    /** Leads whose status matches no stage (after a key change); total 0 when there are none. */
    unmatched: BoardColumn,
    /**
     * Present when the search matched more than this many leads (SEARCH_COUNT_CAP): the columns'
     * totals and sums were not counted (0 and none); their cards are still the newest matches.
     */
    tooManyToCount: z.optional(z.int()),
  }),
);
export type Board = z.infer<typeof Board>;

/** The customers list under a search (the upstream's list has no search): same shape as its page. */
export const CustomerSearchQuery = z.lazy(() =>
  z.strictObject({
    /** Every word in the name, company, email or the like; a number also in phone numbers. */
    search: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    status: z.optional(CustomerStatus),
    customer_type: z.optional(CustomerType),
    page: PageParam,
    limit: LimitParam,
  }),
);
export type CustomerSearchQuery = z.infer<typeof CustomerSearchQuery>;

export const LeadScreenPage = pageEnvelope(Lead);
export type LeadScreenPage = z.infer<typeof LeadScreenPage>;

/** A screen read: answered from the workspace tables, which only the live workspace has. */
const screen = <const D extends { id: string; path: string; query: Schema; response: Schema }>(def: D) =>
  bffRoute({ ...def, method: 'GET', needs: ['live'], what: 'The workspace is' });

export const SCREEN_ROUTES = [
  screen({
    id: 'screens.board',
    path: '/bff/screens/board',
    query: BoardQuery,
    response: Board,
  }),
  screen({
    id: 'screens.boardColumn',
    path: '/bff/screens/board/column',
    query: BoardColumnQuery,
    response: BoardColumnPage,
  }),
  screen({
    id: 'screens.inbox',
    path: '/bff/screens/inbox',
    query: InboxQuery,
    response: InboxScreenPage,
  }),
  screen({
    id: 'screens.thread',
    path: '/bff/screens/thread',
    query: ThreadQuery,
    response: ThreadScreen,
  }),
  screen({
    id: 'screens.customer',
    path: '/bff/screens/customer',
    query: RecordScreenQuery,
    response: CustomerScreen,
  }),
  screen({
    id: 'screens.contact',
    path: '/bff/screens/contact',
    query: RecordScreenQuery,
    response: ContactScreen,
  }),
  screen({
    id: 'screens.customers',
    path: '/bff/screens/customers',
    query: CustomerSearchQuery,
    response: CustomerList,
  }),
  screen({
    id: 'screens.leads',
    path: '/bff/screens/leads',
    query: LeadScreenQuery,
    response: LeadScreenPage,
  }),
] as const;

export type ScreenRoute = (typeof SCREEN_ROUTES)[number];
export type ScreenRouteId = ScreenRoute['id'];
export type ScreenRouteOf<R extends ScreenRouteId> = Extract<ScreenRoute, { id: R }>;
/** The query a caller sends (strings or numbers), and what the BFF works with once parsed. */
export type ScreenQueryInput<R extends ScreenRouteId> = z.input<ScreenRouteOf<R>['query']>;
export type ScreenQueryOf<R extends ScreenRouteId> = z.output<ScreenRouteOf<R>['query']>;
export type ScreenResponseOf<R extends ScreenRouteId> = z.output<ScreenRouteOf<R>['response']>;

export const SCREEN_ROUTES_BY_ID = Object.fromEntries(SCREEN_ROUTES.map((r) => [r.id, r])) as {
  readonly [R in ScreenRouteId]: ScreenRouteOf<R>;
};
