import type { Message, MessagePage } from '../../contract';
import type { ThreadQuery, ThreadScreen } from '../../contract/routes/screens-inbox';
import { SlaRepository } from '../sla/sla-repository';
import { MESSAGE_PAGE, type WorkspaceReader } from '../workspace/workspace-reader';
import { threadLabelIds } from '../labels/label-sql';

// An open thread in one answer from the workspace tables (before: the conversation, its messages,
// and the contact, customer and lead of the context panel, each a call of its own): a lookup by key
// for each, the messages by index ws_messages_thread. A thread nobody linked comes with the contact
// on its number, if the CRM has one (issue 36.5: the panel shows them, or offers to add them), and
// its running SLA clock (issue 39.3) by the index of running clocks.

/** The newest page (held oldest first) as the upstream lists it: newest first, more before it. */
function newestPage(page: readonly Message[] | undefined): MessagePage | null {
  if (page === undefined) return null;
  // A full page may have older messages before it; the browser's next read says for sure.
  return { data: [...page].reverse(), hasMore: page.length >= MESSAGE_PAGE };
}

/** null: the BFF does not hold the thread (a 404 to the browser). */
export async function threadScreenOf(
  workspace: WorkspaceReader,
  query: ThreadQuery,
): Promise<ThreadScreen | null> {
  const conversation = await workspace.conversation(query.id);
  if (conversation === undefined) return null;
  const held = async <T>(read: (id: string) => Promise<T | undefined>, id: string | null | undefined) =>
    id ? ((await read(id)) ?? null) : null;
  const [page, authors, onNumber, contact, customer, lead, labelIds, sla] = await Promise.all([
    workspace.messagesOf(conversation.id, MESSAGE_PAGE),
    workspace.authors.ofConversation(conversation.id),
    workspace.contactOnNumber(conversation),
    held((id) => workspace.contact(id), conversation.contact_id),
    held((id) => workspace.customer(id), conversation.customer_id),
    held((id) => workspace.lead(id), conversation.lead_id),
    // The team's labels on it (migration 0030), so the header needs no read of its own.
    threadLabelIds(workspace.db, conversation.id),
    new SlaRepository(workspace.db).runningOf(conversation.id),
  ]);
  const byNumber = onNumber && {
    contact: onNumber,
    customer: (await workspace.customer(onNumber.customer_id)) ?? null,
  };
  return {
    conversation,
    messages: newestPage(page),
    authors,
    contact,
    customer,
    lead,
    byNumber,
    labelIds,
    sla,
  };
}
