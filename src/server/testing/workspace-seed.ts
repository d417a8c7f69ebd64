import type { Contact, Conversation, Customer, Lead, LeadStage, Message } from '../../contract';
import { CONTACTS, CONVERSATIONS, CUSTOMERS, LEADS } from '../workspace/record-kinds';
import {
  mergeMessages,
  replaceList,
  setFollowUp,
  upsertRecords,
  type WorkspaceDb,
} from '../workspace/workspace-writer';

// Puts records into the workspace tables for a test, through the one writer the sync uses, so a
// test of a screen or a consumer starts from the state the sync would leave.

export interface WorkspaceSeed {
  readonly conversations?: readonly Conversation[];
  readonly messages?: readonly Message[];
  readonly leads?: readonly Lead[];
  readonly customers?: readonly Customer[];
  readonly contacts?: readonly Contact[];
  readonly stages?: readonly LeadStage[];
  readonly followUps?: readonly string[];
}

export async function seedWorkspace(db: WorkspaceDb, seed: WorkspaceSeed, now = 0): Promise<void> {
  const at = { startedAt: now, now };
  await upsertRecords(db, CONVERSATIONS, seed.conversations ?? [], at);
  await upsertRecords(db, LEADS, seed.leads ?? [], at);
  await upsertRecords(db, CUSTOMERS, seed.customers ?? [], at);
  await upsertRecords(db, CONTACTS, seed.contacts ?? [], at);
  const byThread = new Map<string, Message[]>();
  for (const m of seed.messages ?? [])
    byThread.set(m.conversation_id, [...(byThread.get(m.conversation_id) ?? []), m]);
  for (const [id, messages] of byThread) await mergeMessages(db, id, messages, { now, seen: false });
  if (seed.stages) await replaceList(db, 'stages', seed.stages, at);
  for (const id of seed.followUps ?? []) await setFollowUp(db, id, true, { now });
}
