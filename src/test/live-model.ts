import type { FastifyInstance } from 'fastify';
import type { Fake } from '../../mocks/fake';
import { MESSAGE_PAGE, ReadModel } from '../server/sync/read-model';

/**
 * Stands in for the sync's first full read in component tests: the BFF's read model gets the fake's
 * stages, leads and follow-up flags as they are now (the sync itself is tested against the fake in
 * src/server/sync). Writes through the BFF then keep it current (the write-through), as in the app.
 */
export async function loadModelFromFake(app: FastifyInstance, fake: Fake): Promise<void> {
  const live = app.bffLive;
  if (!live) throw new Error('the BFF was built without its live workspace');
  live.model.replaceWith(new ReadModel());
  const { crm, social } = fake.workspace();
  const followUps = new Set<string>();
  for (const a of crm.activities.values())
    if (a.lead_id && a.outcome === 'follow_up_needed') followUps.add(a.lead_id);
  await live.publish([
    { event: { type: 'leadStages.replaced', stages: [...crm.stages] }, modelOnly: true },
    {
      event: { type: 'channels.replaced', channels: social.channels.map((c) => ({ ...c })) },
      modelOnly: true,
    },
    {
      event: { type: 'quickReplies.replaced', quickReplies: [...social.quickReplies.values()] },
      modelOnly: true,
    },
    ...[...crm.leads.values()].map((lead) => ({
      event: { type: 'lead.upserted' as const, lead },
      modelOnly: true,
    })),
    ...[...followUps].map((id) => ({
      event: { type: 'lead.followUp' as const, id, followUp: true },
      modelOnly: true,
    })),
    // The inbox: every thread, its newest page, the CRM's customers and contacts.
    ...[...crm.customers.values()].map((customer) => ({
      event: { type: 'customer.upserted' as const, customer },
      modelOnly: true,
    })),
    ...[...crm.contacts.values()].map((contact) => ({
      event: { type: 'contact.upserted' as const, contact },
      modelOnly: true,
    })),
    ...[...social.threads.values()].flatMap((thread) => [
      {
        event: { type: 'conversation.upserted' as const, conversation: { ...thread.conv } },
        modelOnly: true,
      },
      {
        event: {
          type: 'messages.upserted' as const,
          conversationId: thread.conv.id,
          messages: thread.messages.slice(-MESSAGE_PAGE).map((m) => ({ ...m })),
        },
        modelOnly: true,
      },
    ]),
    { event: { type: 'resync', reason: 'restart' }, modelOnly: true },
  ]);
  for (const collection of ['conversations', 'leads', 'customers', 'contacts'] as const)
    live.model.loaded.add(collection);
}
