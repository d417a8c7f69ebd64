import * as z from 'zod/mini';
import { Id } from './common';
import { ConversationStatus } from './conversations';
import { SlaState } from './sla';
import { storableText } from './storable';

// Saved views (issue 39 item 4): a name and the inbox's filters as they are in its URL, kept by
// the BFF for one person ('mine') or the whole team ('team'). InboxFilters is the one list of the
// inbox's filters: the URL's search schema is built from its shape (src/features/inbox/inbox-search.ts)
// and a view stores exactly it, so a filter added here is in the URL and saved in views at once.

/** The inbox's owner filter: mine, nobody's, or everyone's. */
export const INBOX_OWNERS = ['mine', 'unassigned', 'all'] as const;
export type InboxOwner = (typeof INBOX_OWNERS)[number];

/** Each filter's schema, by its name in the URL: the one list (the URL's schema is built from it). */
export const inboxFilterShape = () => ({
  status: z.optional(ConversationStatus),
  owner: z.optional(z.enum(INBOX_OWNERS)),
  channel: z.optional(Id),
  q: z.optional(z.string().check(z.maxLength(200), storableText())),
  /** Only threads with something unread for me. */
  unread: z.optional(z.literal(true)),
  /** Only threads carrying this label (src/contract/labels.ts). */
  label: z.optional(Id),
  /** Only threads whose running SLA target is on track, at risk or breached (src/contract/sla.ts). */
  sla: z.optional(SlaState),
});

export const InboxFilters = z.lazy(() => z.strictObject(inboxFilterShape()));
export type InboxFilters = z.infer<typeof InboxFilters>;

/** The list a thread shows in when no status is chosen. */
export const DEFAULT_INBOX_STATUS = 'open' satisfies ConversationStatus;

/** The inbox's filters as the BFF's list read takes them: "mine" is the viewer's upstream user id. */
export function inboxQueryOf(
  filters: InboxFilters,
  myUpstreamId: string | undefined,
): {
  status: ConversationStatus;
  assignedTo: string | undefined;
  channelId: string | undefined;
  search: string | undefined;
  unread: boolean | undefined;
  label: string | undefined;
  sla: SlaState | undefined;
} {
  const owner = filters.owner ?? 'all';
  return {
    status: filters.status ?? DEFAULT_INBOX_STATUS,
    assignedTo: owner === 'mine' ? myUpstreamId : owner === 'unassigned' ? 'none' : undefined,
    channelId: filters.channel,
    search: filters.q,
    unread: filters.unread,
    label: filters.label,
    sla: filters.sla,
  };
}

export const VIEW_SCOPES = ['mine', 'team'] as const;
export const ViewScope = z.enum(VIEW_SCOPES);
export type ViewScope = z.infer<typeof ViewScope>;

export const VIEW_NAME_MAX = 60;
/** Views one person may keep of their own, and the team's. */
export const VIEWS_MAX = 50;

const ViewName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(VIEW_NAME_MAX, `must have at most ${String(VIEW_NAME_MAX)} characters`),
    storableText(),
  );

export const SavedView = z.lazy(() =>
  z.looseObject({
    id: Id,
    name: z.string(),
    scope: ViewScope,
    /** Who saved it (a username). */
    owner: z.string(),
    filters: InboxFilters,
    /** Threads matching it now, for the one asking ("mine" is theirs). */
    count: z.int(),
    /** A label it names was deleted: it opens without that filter. */
    labelGone: z.optional(z.boolean()),
  }),
);
export type SavedView = z.infer<typeof SavedView>;

/** `GET /bff/views`: my own views and the team's, each by name, with their counts. */
export const SavedViewList = z.lazy(() => z.looseObject({ views: z.array(SavedView) }));
export type SavedViewList = z.infer<typeof SavedViewList>;

/** `POST /bff/views`: a team view only by managers and admins. */
export const SavedViewCreate = z.lazy(() =>
  z.strictObject({ name: ViewName, scope: ViewScope, filters: InboxFilters }),
);
export type SavedViewCreate = z.infer<typeof SavedViewCreate>;

/** `PUT /bff/views/{id}`: a new name, new filters, or both. */
export const SavedViewUpdate = z.lazy(() =>
  z
    .strictObject({ name: z.optional(ViewName), filters: z.optional(InboxFilters) })
    .check(z.refine((b) => b.name !== undefined || b.filters !== undefined, 'must change name or filters')),
);
export type SavedViewUpdate = z.infer<typeof SavedViewUpdate>;

export const SavedViewRemoved = z.lazy(() => z.looseObject({ id: Id }));
