import type { BulkArgs, BulkRun, Conversation, Lead, LiveEvent } from '../../contract';
import { ItemRefused, type PacedSender, type SenderWords } from '../jobs/paced-sender';
import type { SnoozeOutcome } from '../snooze/snooze-service';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { ItemOutcome, PendingItem } from './bulk-repository';

// What a bulk action does to one record, through the same upstream routes the browser's own
// buttons use (close, reopen, assign-owner; lead update, reassign, delete) or, for a snooze, the
// BFF's snooze service. A record already as the action would leave it counts as done without a
// write. An item an earlier slice began and did not finish (its instance died, its answer was lost)
// is read from the upstream first, so a write that was made is never made twice: the upstream keeps
// no idempotency key, and these writes set a state, so the record's state is the lookup.

export interface ActTools {
  readonly sender: PacedSender;
  readonly workspace: WorkspaceReader;
  /** Writes what the upstream answered to the workspace tables and tells every browser. */
  readonly publish: (events: LiveEvent[]) => Promise<void>;
  /** Snoozes a thread as the run's starter (null: the BFF keeps no snoozes). */
  readonly snooze: ((conversationId: string, until: Date) => Promise<SnoozeOutcome>) | null;
}

export interface RunSpec {
  readonly target: BulkRun['target'];
  readonly action: BulkRun['action'];
  readonly args: BulkArgs;
}

export const WORDS: Readonly<Record<BulkRun['target'], SenderWords>> = {
  conversations: { upstream: 'the messaging service', item: 'thread', run: 'bulk action' },
  leads: { upstream: 'the CRM', item: 'lead', run: 'bulk action' },
};

const DONE: ItemOutcome = { state: 'done' };
const refused = (reason: string): ItemOutcome => ({ state: 'refused', reason });
const GONE_THREAD = refused('Not in this workspace (it may have been removed)');
const GONE_LEAD = refused('Not in this workspace (it may have been deleted)');

/** The upstream's copy (404: gone), for an item whose earlier write may have been made. */
async function fresh<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ItemRefused && error.status === 404) return undefined;
    throw error;
  }
}

export async function actOn(run: RunSpec, item: PendingItem, tools: ActTools): Promise<ItemOutcome> {
  try {
    return run.target === 'conversations'
      ? await onConversation(run, item, tools)
      : await onLead(run, item, tools);
  } catch (error) {
    if (error instanceof ItemRefused) return refused(error.message);
    throw error;
  }
}

async function onConversation(run: RunSpec, item: PendingItem, tools: ActTools): Promise<ItemOutcome> {
  const id = item.recordId;
  const held = item.attempted
    ? await fresh(() => tools.sender.call('conversations.get', { params: { id } }))
    : await tools.workspace.conversation(id);
  if (!held) return GONE_THREAD;
  const { args } = run;
  let answer: Conversation;
  switch (run.action) {
    case 'close':
      if (held.status === 'closed') return DONE;
      answer = await tools.sender.call('conversations.close', { params: { id } });
      break;
    case 'reopen':
      if (held.status === 'open') return DONE;
      answer = await tools.sender.call('conversations.reopen', { params: { id } });
      break;
    case 'assign':
    case 'unassign': {
      const userId = run.action === 'assign' ? (args.userId ?? null) : null;
      if ((held.assigned_to_user_id ?? null) === userId) return DONE;
      answer = await tools.sender.call('conversations.assignOwner', { params: { id }, body: { userId } });
      break;
    }
    case 'snooze': {
      if (!tools.snooze || !args.until) return refused('Snoozing is not available on this server');
      const outcome = await tools.snooze(id, new Date(args.until));
      return outcome.ok ? DONE : refused(outcome.message);
    }
    default:
      return refused(`A thread cannot be acted on with "${run.action}"`);
  }
  await tools.publish([{ type: 'conversation.upserted', conversation: answer }]);
  return DONE;
}

async function onLead(run: RunSpec, item: PendingItem, tools: ActTools): Promise<ItemOutcome> {
  const id = item.recordId;
  const held = item.attempted
    ? await fresh(() => tools.sender.call('leads.get', { params: { id } }))
    : await tools.workspace.lead(id);
  if (!held) {
    // A delete whose answer was lost, or a lead someone else deleted: either way it is gone.
    if (run.action === 'delete' && item.attempted) {
      await tools.publish([{ type: 'lead.removed', id }]);
      return DONE;
    }
    return GONE_LEAD;
  }
  const { args } = run;
  let answer: Lead;
  switch (run.action) {
    case 'move':
      if (!args.stage) return refused('No stage to move to');
      if (held.status === args.stage) return DONE;
      answer = await tools.sender.call('leads.update', { params: { id }, body: { status: args.stage } });
      break;
    case 'reassign':
      if (!args.userId) return refused('No one to reassign to');
      if (held.assigned_to_user_id === args.userId) return DONE;
      answer = await tools.sender.call('leads.reassign', {
        params: { id },
        body: { assigned_to_user_id: args.userId },
      });
      break;
    case 'delete':
      try {
        await tools.sender.call('leads.delete', { params: { id } });
      } catch (error) {
        // Deleted meanwhile (by someone else, or by this write whose answer was lost).
        if (!(error instanceof ItemRefused && error.status === 404)) throw error;
      }
      await tools.publish([{ type: 'lead.removed', id }]);
      return DONE;
    default:
      return refused(`A lead cannot be acted on with "${run.action}"`);
  }
  await tools.publish([{ type: 'lead.upserted', lead: answer }]);
  return DONE;
}
