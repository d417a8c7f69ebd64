import type { FastifyInstance } from 'fastify';
import type { Fake } from '../../mocks/fake';
import { CONTACTS, CONVERSATIONS, CUSTOMERS, LEADS } from '../server/workspace/record-kinds';
import { MESSAGE_PAGE } from '../server/workspace/workspace-reader';
import {
  forgetWorkspace,
  mergeMessages,
  replaceList,
  setFollowUp,
  setMeta,
  upsertRecords,
} from '../server/workspace/workspace-writer';

/**
 * Stands in for the sync's first full read in component tests: the BFF's workspace tables get the
 * fake's stages, leads, follow-up flags, threads with their newest page, customers and contacts as
 * they are now (the sync itself is tested against the fake in src/server/sync). Writes through the
 * BFF then keep them current (the write-through), as in the app.
 */
export async function loadWorkspaceFromFake(app: FastifyInstance, fake: Fake): Promise<void> {
  const live = app.bffLive;
  if (!live) throw new Error('the BFF was built without its live workspace');
  const { db } = live.workspace;
  const now = Date.now();
  const at = { startedAt: now, now };
  await forgetWorkspace(db);
  const { crm, social } = fake.workspace();
  await replaceList(db, 'stages', [...crm.stages], at);
  await replaceList(
    db,
    'channels',
    social.channels.map((c) => ({ ...c })),
    at,
  );
  await replaceList(db, 'quickReplies', [...social.quickReplies.values()], at);
  await upsertRecords(db, LEADS, [...crm.leads.values()], at);
  for (const a of crm.activities.values())
    if (a.lead_id && a.outcome === 'follow_up_needed') await setFollowUp(db, a.lead_id, true, { now });
  await upsertRecords(db, CUSTOMERS, [...crm.customers.values()], at);
  await upsertRecords(db, CONTACTS, [...crm.contacts.values()], at);
  const threads = [...social.threads.values()];
  await upsertRecords(
    db,
    CONVERSATIONS,
    threads.map((t) => ({ ...t.conv })),
    at,
  );
  // Every thread's newest page in one statement (a test loads this before each of its cases).
  await mergeMessages(
    db,
    null,
    threads.flatMap((t) => t.messages.slice(-MESSAGE_PAGE).map((m) => ({ ...m }))),
    { now, seen: false },
  );
  await setMeta(db, 'loaded', ['conversations', 'leads', 'customers']);
}
