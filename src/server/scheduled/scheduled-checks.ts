import {
  APPROVED,
  computeWindow,
  textAllowedAt,
  type Conversation,
  type ScheduledTemplate,
  type WindowState,
} from '../../contract';
import type { WorkspaceReader } from '../workspace/workspace-reader';

// What may go out, asked of the workspace as the BFF reads it: when a send is scheduled (a refusal
// is a 400 naming the field) and again when it is due (a refusal fails it, with the reason).

/** Messages read to find the contact's last inbound one: as many as a thread screen reads. */
const WINDOW_PAGE = 50;

/** The thread's customer service window now, by the contract's rule (rules/service-window.ts). */
export async function windowOf(
  workspace: WorkspaceReader,
  conversation: Conversation,
  now: number,
): Promise<WindowState> {
  const [channels, messages] = await Promise.all([
    workspace.list('channels'),
    workspace.messagesOf(conversation.id, WINDOW_PAGE),
  ]);
  const platform = channels?.find((c) => c.id === conversation.channel_id)?.platform;
  return computeWindow({
    platform,
    lastMessageAt: conversation.last_message_at,
    messages: messages ?? [],
    hasOlder: (messages?.length ?? 0) >= WINDOW_PAGE,
    now,
    isGroup: conversation.is_group,
  });
}

const when = (ms: number) => new Date(ms).toISOString();

/** Why a text cannot go at `sendAt`, or null when it may (or cannot be told: the upstream decides). */
export function textRefusal(window: WindowState, sendAt: number): string | null {
  if (textAllowedAt(window, sendAt) !== false) return null;
  return window.kind === 'open'
    ? `is after the 24-hour window closes (${when(window.closesAt)}); schedule it before then, or send a template instead`
    : 'cannot be used for a text: the 24-hour window is closed; send a template instead';
}

/**
 * Why the template cannot be sent on this thread's channel, or null when it is approved (or the
 * channel's templates were never read: the upstream decides).
 */
export async function templateRefusal(
  workspace: WorkspaceReader,
  conversation: Conversation,
  template: ScheduledTemplate,
): Promise<string | null> {
  if (!conversation.channel_id) return null;
  const templates = await workspace.templatesOf(conversation.channel_id);
  if (!templates) return null;
  const found = templates.find(
    (t) => t.name === template.templateName && t.language === template.templateLanguage,
  );
  if (!found)
    return `"${template.templateName}" (${template.templateLanguage}) is not a template of this channel`;
  if (found.status.toUpperCase() !== APPROVED)
    return `"${template.templateName}" (${template.templateLanguage}) is not approved (${found.status})`;
  return null;
}
