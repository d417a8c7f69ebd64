import type { Rng } from '../core/rng';
import type { Workspace } from '../core/types';
import { contactByNumber } from './lookup';
import { UNREACHABLE_REASON } from './platform';
import type { ChannelRec, Thread } from './state';

/** A number the platform does not know: the fake's convention for "not a user of the platform". */
export const isUnknownNumber = (to: string) => to.endsWith('0000');

/** A new thread with a contact, linked to the CRM contact whose mobile is that number, if any. */
export function startThread(
  ws: Workspace,
  channel: ChannelRec,
  externalId: string,
  name: string | null,
  now: Date,
  rng: Rng,
): Thread {
  const contact = channel.platform === 'whatsapp' ? contactByNumber(ws, externalId) : undefined;
  const at = now.toISOString();
  const thread: Thread = {
    conv: {
      id: rng.uuid(),
      channel_id: channel.id,
      external_thread_id: externalId,
      status: 'open',
      contact_id: contact?.id ?? null,
      customer_id: contact?.customer_id ?? null,
      lead_id: null,
      assigned_to_user_id: null,
      last_message_at: null,
      is_group: false,
      group_subject: null,
      group_participant_count: null,
      created_at: at,
      updated_at: at,
      ai_agent_id: null,
    },
    messages: [],
    byId: new Map(),
    meta: {
      contactName: name,
      readReceipts: true,
      unreachable: isUnknownNumber(externalId) ? UNREACHABLE_REASON[channel.platform] : null,
      failNextDelivery: null,
      lastInboundAt: null,
    },
  };
  ws.social.threads.set(thread.conv.id, thread);
  return thread;
}
