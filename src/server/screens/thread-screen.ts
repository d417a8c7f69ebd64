import type { MessagePage } from '../../contract';
import type { ThreadQuery, ThreadScreen } from '../../contract/routes/screens-inbox';
import type { ReadModel } from '../sync/read-model';

// An open thread in one answer from the read model (before: the conversation, its messages, and
// the contact, customer and lead of the context panel, each a call of its own).

/** The model's newest page (oldest first) as the upstream lists it: newest first, more before it. */
function newestPage(model: ReadModel, id: string): MessagePage | null {
  const page = model.messagesOf(id);
  if (page === undefined) return null;
  // A full page may have older messages before it; the browser's next read says for sure.
  return { data: [...page].reverse(), hasMore: page.length >= model.pageSize };
}

/** null: the BFF does not hold the thread (a 404 to the browser). */
export function threadScreenOf(model: ReadModel, query: ThreadQuery): ThreadScreen | null {
  const conversation = model.conversation(query.id);
  if (conversation === undefined) return null;
  const held = <T>(map: ReadonlyMap<string, T>, id: string | null | undefined): T | null =>
    id ? (map.get(id) ?? null) : null;
  return {
    conversation,
    messages: newestPage(model, conversation.id),
    contact: held(model.contacts, conversation.contact_id),
    customer: held(model.customers, conversation.customer_id),
    lead: held(model.leads, conversation.lead_id),
  };
}
