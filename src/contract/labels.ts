import * as z from 'zod/mini';
import { HEX_COLOR, Id } from './common';
import { storableText } from './storable';

// Labels (issue 39 item 4): the team's own labels on threads, kept by the BFF (not the upstream's
// tags). Managers and admins keep the list (name, colour, order); anyone applies them to a thread.
// A name is unique whatever its case, and trimmed; the colour is a hex colour, painted only
// through the one guard (src/lib/safe-color.ts).

export const LABEL_NAME_MAX = 40;
/** Labels one thread may carry, and ids one request may name. */
export const LABELS_PER_THREAD_MAX = 50;
/** Labels the team may keep: a navigation list, not a taxonomy. */
export const LABELS_MAX = 200;

export const LABEL_COLOUR_MESSAGE = 'must be a hex colour such as #3b82f6';

export const LabelName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(LABEL_NAME_MAX, `must have at most ${String(LABEL_NAME_MAX)} characters`),
    storableText(),
  );
export const LabelColour = z.string().check(z.regex(HEX_COLOR, LABEL_COLOUR_MESSAGE));

export const Label = z.lazy(() =>
  z.looseObject({
    id: Id,
    name: z.string(),
    color: z.string(),
    /** The list's order (0 first). */
    position: z.int(),
  }),
);
export type Label = z.infer<typeof Label>;

/** `GET /bff/labels`: every label, by position. */
export const LabelList = z.lazy(() => z.looseObject({ labels: z.array(Label) }));
export type LabelList = z.infer<typeof LabelList>;

/** `POST /bff/labels` (managers, admins): added at the end of the list. */
export const LabelCreate = z.lazy(() => z.strictObject({ name: LabelName, color: LabelColour }));
export type LabelCreate = z.infer<typeof LabelCreate>;

/** What a label's edit may change (a form checks it, then sends nothing when it is empty). */
export const LabelChange = z.lazy(() =>
  z.strictObject({
    name: z.optional(LabelName),
    color: z.optional(LabelColour),
    position: z.optional(z.int().check(z.minimum(0), z.maximum(LABELS_MAX))),
  }),
);

/** `PUT /bff/labels/{id}` (managers, admins): rename, recolour, or move to another place. */
export const LabelUpdate = z.lazy(() =>
  LabelChange.check(
    z.refine(
      (b) => b.name !== undefined || b.color !== undefined || b.position !== undefined,
      'must change name, color or position',
    ),
  ),
);
export type LabelUpdate = z.infer<typeof LabelUpdate>;

const LabelIds = z.array(Id).check(z.maxLength(LABELS_PER_THREAD_MAX));

/**
 * `POST /bff/conversations/{id}/labels` (anyone): labels to add and to remove. Adding one the
 * thread has, or removing one it has not, changes nothing: two people doing the same agree.
 */
export const ThreadLabelsChange = z.lazy(() =>
  z
    .strictObject({ add: z.optional(LabelIds), remove: z.optional(LabelIds) })
    .check(z.refine((b) => (b.add?.length ?? 0) + (b.remove?.length ?? 0) > 0, 'must add or remove a label')),
);
export type ThreadLabelsChange = z.infer<typeof ThreadLabelsChange>;

/** A thread's labels as they now are (ids, in the list's order). */
export const ThreadLabels = z.lazy(() => z.looseObject({ conversationId: Id, labelIds: z.array(Id) }));
export type ThreadLabels = z.infer<typeof ThreadLabels>;

/** Who may keep the label list: the BFF refuses others with 403, the UI hides the controls. */
export const LABEL_MANAGER_ROLES = ['manager', 'admin'] as const;
