import type {
  Channel,
  Conversation,
  GroupParticipant,
  JoinRequest,
  Message,
  QuickReply,
  Template,
} from '../../src/contract';

export type ChannelRec = Channel & { phone_number: string | null; status: 'connected' };

/** Templates belong to one primary-platform channel; only `APPROVED` ones are listed or sent. */
export type TemplateRec = Template & { id: string; channel_id: string };

/** `ai_agent_id` is the fake's extra field (decisions.md, issue 4). */
export type ConversationRec = Conversation & { ai_agent_id: string | null };

export type MessageRec = Message;

/** What the platform knows about the other side of a thread: not part of any response. */
export interface ThreadMeta {
  /** Display name given by `contactName` on a send, or the latest inbound sender name. */
  contactName: string | null;
  /** `read` is reached only when the contact has read receipts on (spec Part 2). */
  readReceipts: boolean;
  /** Set when the platform does not know the recipient: every outbound message fails with it. */
  unreachable: string | null;
  /** One-shot failure armed by `/__fake/fail-delivery`. */
  failNextDelivery: string | null;
  /** Epoch ms of the contact's last inbound message: the 24-hour window runs from it. */
  lastInboundAt: number | null;
}

export interface Thread {
  conv: ConversationRec;
  /** Oldest first; responses reverse it. */
  messages: MessageRec[];
  byId: Map<string, MessageRec>;
  meta: ThreadMeta;
}

/** An outbound message still moving through pending → sent → delivered → read, or to failed. */
export interface Delivery {
  message: MessageRec;
  thread: Thread;
  failReason: string | null;
  readReceipts: boolean;
}

export interface GroupRec {
  id: string;
  channel_id: string;
  subject: string;
  description: string | null;
  participants: GroupParticipant[];
  join_requests: JoinRequest[];
  invite_link: string;
}

export interface SocialState {
  channels: ChannelRec[];
  templates: TemplateRec[];
  threads: Map<string, Thread>;
  quickReplies: Map<string, QuickReply>;
  /** By the group's provider id (the thread's `external_thread_id`). */
  groups: Map<string, GroupRec>;
  /** Every invite link that still works; rotating one removes the old link at once. */
  validInviteLinks: Set<string>;
  inFlight: Map<string, Delivery>;
}

export function emptySocialState(): SocialState {
  return {
    channels: [],
    templates: [],
    threads: new Map(),
    quickReplies: new Map(),
    groups: new Map(),
    validInviteLinks: new Set(),
    inFlight: new Map(),
  };
}
