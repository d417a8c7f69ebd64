import { ActivityCreate, type Contact, type Conversation, type Lead, type LiveEvent } from '../../contract';
import type { ParamsOf, ResponseOf, RouteId, RouteOf } from '../../contract/routes';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { WriteActor } from '../auth/write-actor';
import type { SyncReader } from './sync-context';

// What each state-changing call made through the BFF tells everyone, from the upstream's own answer
// (docs/live-sync.md, "Writes update the workspace at once"). One table keyed by route id: a new
// mutating route does not compile until it has an entry (null when it changes nothing the tables
// holds).

export type MutatingRouteId = {
  [R in RouteId]: RouteOf<R>['method'] extends 'GET' ? never : R;
}[RouteId];

export interface WriteInput<R extends RouteId> {
  readonly params: ParamsOf<R>;
  /** The answer, parsed with the route's response schema. */
  readonly answer: ResponseOf<R>;
  /** The browser's body, already checked by the proxy with the route's body schema. */
  readonly requestBody: unknown;
  /** The teammate who made the write (null: none signed in). */
  readonly actor: WriteActor | null;
}

export interface WriteTools {
  readonly read: SyncReader;
  readonly workspace: WorkspaceReader;
}

/** The events a write makes (in order); it may re-read what its answer does not carry. */
export type WriteEffect<R extends RouteId> = (
  input: WriteInput<R>,
  tools: WriteTools,
) => Promise<LiveEvent[]>;

const conversationOf = async (id: string, tools: WriteTools): Promise<LiveEvent[]> => [
  {
    type: 'conversation.upserted',
    conversation: await tools.read.call('conversations.get', { params: { id } }),
  },
];

const conversationAnswer = async ({ answer }: { answer: Conversation }): Promise<LiveEvent[]> => [
  { type: 'conversation.upserted', conversation: answer },
];

const sent = async (
  { answer, actor }: WriteInput<'conversations.send'>,
  tools: WriteTools,
): Promise<LiveEvent[]> => [
  // Who sent it, kept by the BFF (the upstream names every outbound message after the workspace).
  ...(actor
    ? [
        {
          type: 'messages.authored' as const,
          conversationId: answer.conversation_id,
          authors: {
            [answer.id]: {
              kind: 'person' as const,
              name: actor.name,
              username: actor.username,
              userId: actor.userId,
            },
          },
        },
      ]
    : []),
  { type: 'messages.upserted', conversationId: answer.conversation_id, messages: [answer] },
  // The thread's last_message_at (and, for a new number, the thread itself) moved with the send.
  ...(await conversationOf(answer.conversation_id, tools)),
];

const leadAnswer = async ({ answer }: { answer: Lead }): Promise<LiveEvent[]> => [
  { type: 'lead.upserted', lead: answer },
];

const stagesAgain = async (_input: unknown, tools: WriteTools): Promise<LiveEvent[]> => [
  { type: 'leadStages.replaced', stages: await tools.read.call('leadStages.list') },
];

const contactAnswer = async ({ answer }: { answer: Contact }): Promise<LiveEvent[]> => [
  { type: 'contact.upserted', contact: answer },
];

const quickRepliesAgain = async (_input: unknown, tools: WriteTools): Promise<LiveEvent[]> => [
  { type: 'quickReplies.replaced', quickReplies: (await tools.read.call('quickReplies.list')).data },
];

/** A group's participant count lives on its conversation, found by the group id. */
const groupConversation = async (
  { params }: { params: { groupId: string } },
  tools: WriteTools,
): Promise<LiveEvent[]> => {
  const conversation = await tools.workspace.conversationByThreadId(params.groupId);
  return conversation ? conversationOf(conversation.id, tools) : [];
};

export const WRITE_EFFECTS: { readonly [R in MutatingRouteId]: WriteEffect<R> | null } = {
  'conversations.send': sent,
  'messages.sendText': sent,
  'conversations.assignOwner': conversationAnswer,
  'conversations.assignAgent': conversationAnswer,
  'conversations.close': conversationAnswer,
  'conversations.reopen': conversationAnswer,
  'quickReplies.create': quickRepliesAgain,
  'quickReplies.update': quickRepliesAgain,
  'quickReplies.delete': quickRepliesAgain,
  'groups.approveJoinRequests': groupConversation,
  'groups.inviteLink': groupConversation,
  'leads.create': leadAnswer,
  'leads.update': leadAnswer,
  'leads.reassign': leadAnswer,
  'leads.delete': async ({ params }) => [{ type: 'lead.removed', id: params.id }],
  'leadStages.create': stagesAgain,
  'leadStages.update': stagesAgain,
  'leadStages.delete': stagesAgain,
  'customers.create': async ({ answer }) => [{ type: 'customer.upserted', customer: answer }],
  'customers.update': async ({ answer }) => [{ type: 'customer.upserted', customer: answer }],
  // The answer is a confirmation only: the customer with its tags is read again.
  'customers.addTags': async ({ params }, tools) => [
    {
      type: 'customer.upserted',
      customer: await tools.read.call('customers.get', { params: { id: params.id } }),
    },
  ],
  'contacts.create': contactAnswer,
  'contacts.update': contactAnswer,
  'activities.create': async ({ answer, requestBody }) => {
    const body = ActivityCreate.safeParse(requestBody);
    const subject = body.success ? body.data : null;
    return [
      {
        type: 'activity.created',
        activity: answer,
        leadId: subject?.lead_id ?? answer.lead_id ?? null,
        customerId: subject?.customer_id ?? answer.customer_id ?? null,
      },
    ];
  },
};

/** An effect as a caller that knows its route only at run time holds it. */
export type LooseWriteEffect = (
  input: {
    params: Readonly<Record<string, string>>;
    answer: unknown;
    requestBody: unknown;
    actor: WriteActor | null;
  },
  tools: WriteTools,
) => Promise<LiveEvent[]>;

/**
 * The effect of a route by id. The table is typed per route; a caller that has the route only at
 * run time cannot carry those types, so this one cast stands for the run-time checks it must make
 * first: the params matched the route's template and the answer passed the route's response schema
 * (write-through.ts does both).
 */
export function effectOf(id: string): LooseWriteEffect | null {
  const effect = (WRITE_EFFECTS as Readonly<Record<string, unknown>>)[id];
  return typeof effect === 'function' ? (effect as LooseWriteEffect) : null;
}
