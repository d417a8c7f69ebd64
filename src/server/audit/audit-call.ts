import { AUDIT_NAME_MAX } from '../../contract/audit-summary';
import { storableText } from '../store/storable-text';

// An audited call as the words are put together from it (audit-summary.ts), the names read for it
// before it runs (audit-names.ts), and the roster that names assignees.

/** A state-changing call as the log sees it. */
export interface AuditCall {
  /** A contract route id, or the BFF's own `${method} ${url}`. */
  readonly action: string;
  /** The path's parameters. */
  readonly params: Readonly<Record<string, string>>;
  readonly body: unknown;
  /** The route's body schema took the body, so its keys are the contract's field names. */
  readonly bodyValid: boolean;
}

/** What to read before the call runs: one read by key. */
export type NameNeed =
  | { readonly kind: 'lead'; readonly id: string | null; readonly stageKey: string | null }
  | { readonly kind: 'conversation'; readonly id: string }
  | { readonly kind: 'group'; readonly threadId: string }
  | { readonly kind: 'customer'; readonly id: string; readonly tagIds: readonly string[] }
  | { readonly kind: 'contact'; readonly id: string }
  | { readonly kind: 'stage'; readonly id: string }
  | { readonly kind: 'quickReply'; readonly id: string }
  | { readonly kind: 'import'; readonly id: string };

/** What was read; each part absent when the record (or the list) was not there. */
export interface Names {
  /** The record's name (a thread's by decisions.md's rule, an import's file name). */
  readonly name?: string;
  /** A lead's stage key before the call. */
  readonly status?: string;
  /** The name of the stage the call's key names. */
  readonly stage?: string;
  /** Tag names, for the ids the call names. */
  readonly tags?: readonly string[];
  /** A group's thread. */
  readonly conversationId?: string;
  /** An import's kind (leads, customers). */
  readonly importKind?: string;
}

export interface NameReader {
  read(need: NameNeed): Promise<Names>;
}

/** Who threads and leads can be assigned to: the team and the AI agents, by upstream id. */
export interface Roster {
  readonly members: readonly { readonly id: string; readonly name: string }[];
  readonly aiAgents: readonly { readonly id: string; readonly name: string }[];
}

export const EMPTY_ROSTER: Roster = { members: [], aiAgents: [] };

/** A name as the log keeps it: trimmed, at most AUDIT_NAME_MAX characters, storable. */
export function auditName(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length <= AUDIT_NAME_MAX) return storableText(trimmed);
  let cut = trimmed.slice(0, AUDIT_NAME_MAX);
  // Not half of a character: a high surrogate whose pair was cut off goes too.
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${storableText(cut)}…`;
}
