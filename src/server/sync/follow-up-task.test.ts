import { Agent } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LiveEvent, type Activity } from '../../contract';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import { GLOBEX_TENANT } from '../../../mocks/team';
import { createLogger } from '../logger';
import { LogCapture } from '../testing/test-app';
import { UpstreamClient } from '../upstream/upstream-client';
import { openStore, type TeamStore } from '../store/open-store';
import { applyToWorkspace } from '../workspace/apply-events';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { forgetWorkspace } from '../workspace/workspace-writer';
import type { Outgoing } from './record-events';
import type { SyncReader } from './sync-context';
import { createSyncEngine, type SyncEngine } from './sync-engine';
import { DEFAULT_SYNC_SETTINGS } from './sync-settings';

// The follow-up sweep against the fake upstream (its small Globex workspace, 5 leads), one run at a
// time: every lead read once (newest first, `readsPerCycle` a run), then round robin; only changes
// are published; a flag set while a read was under way is not undone by it.

let upstream: FakeUpstream;
const dispatcher = new Agent({ connections: 4 });
let now: number;
let store: TeamStore;
let published: Outgoing[];
/** What the sync told this instance's consumers only (loads). */
let quietly: LiveEvent[];
let engine: SyncEngine;
let midRead: ((leadId: string) => void) | null;

const ws = () => upstream.fake.workspace(GLOBEX_TENANT);
const leadIds = () => [...ws().crm.leads.keys()];
/** What the fake says: leads with an activity asking for a follow-up. */
const flaggedAtFake = () =>
  new Set(
    [...ws().crm.activities.values()]
      .filter((a) => a.lead_id && a.outcome === 'follow_up_needed')
      .map((a) => a.lead_id!),
  );

function build(readsPerCycle: number): void {
  const log = createLogger('info', new LogCapture());
  const client = new UpstreamClient({
    upstream: {
      socialBaseUrl: upstream.socialBase,
      crmBaseUrl: upstream.crmBase,
      apiKey: 'globex-admin-key',
      tenantId: GLOBEX_TENANT,
    },
    dispatcher,
    timeoutMs: 5000,
    log,
  });
  const reader: SyncReader = {
    call: async (id, ...args) => {
      const result = await client.call(id, ...args);
      const params = (args[0] as { params?: { leadId?: string } } | undefined)?.params;
      if (id === 'activities.byLead' && params?.leadId) midRead?.(params.leadId);
      return result;
    },
  };
  published = [];
  quietly = [];
  engine = createSyncEngine({
    reader,
    db: store.db,
    settings: { ...DEFAULT_SYNC_SETTINGS, readsPerCycle, callsPerMinute: 1_000_000 },
    clock: () => now,
    log,
    timers: { setTimeout: () => null, clearTimeout: () => undefined },
    viewers: () => 1,
    quiet: (events) => void quietly.push(...events),
    announce: async (out) => {
      for (const o of out) expect(LiveEvent.safeParse(o.event).success, o.event.type).toBe(true);
      published.push(...out);
    },
  });
  engine.start();
}

/** The leads the tables flag. */
const flagged = async () => new WorkspaceReader(store.db).followUpsAmong(leadIds());
const followUpEvents = () => published.filter((o) => o.event.type === 'lead.followUp').map((o) => o.event);

function logActivityAtFake(leadId: string, outcome: Activity['outcome']): void {
  const id = `00000000-0000-4000-8000-${String(ws().crm.activities.size + 900).padStart(12, '0')}`;
  ws().crm.activities.set(id, {
    id,
    lead_id: leadId,
    activity_type: 'call',
    outcome,
    activity_date: new Date(now).toISOString(),
    created_at: new Date(now).toISOString(),
  });
}

beforeAll(async () => {
  upstream = await startFakeUpstream({ port: 0, clock: 'frozen' });
  store = await openStore({ kind: 'pglite', dataDir: null });
});
afterAll(async () => {
  await store.close();
  await upstream.close();
  await dispatcher.close();
});
beforeEach(async () => {
  upstream.fake.reset();
  await forgetWorkspace(store.db);
  now = upstream.fake.clock.now().getTime();
  midRead = null;
  build(2);
  await engine.runTask('leads');
  published.length = 0;
});

describe('the follow-up sweep', () => {
  it('reads every lead once, a few a run, and flags exactly the leads the fake says', async () => {
    // One lead surely flagged, whatever the seed holds.
    logActivityAtFake(leadIds()[0]!, 'follow_up_needed');
    for (let run = 0; run < 3; run++) await engine.runTask('followUps');
    expect(await flagged()).toEqual(flaggedAtFake());
    // Only changes go out: one event per flagged lead, each raising its flag.
    expect(followUpEvents()).toEqual(
      [...flaggedAtFake()].map((id) => expect.objectContaining({ id, followUp: true })),
    );
  });

  it('then goes round one lead per run and publishes a change made outside the BFF', async () => {
    for (let run = 0; run < 3; run++) await engine.runTask('followUps');
    published.length = 0;
    const held = await flagged();
    const quiet = leadIds().find((id) => !held.has(id))!;
    logActivityAtFake(quiet, 'follow_up_needed');
    // Five leads, one a run: within five runs it is read again.
    for (let run = 0; run < 5; run++) await engine.runTask('followUps');
    expect(followUpEvents()).toEqual([{ type: 'lead.followUp', id: quiet, followUp: true }]);
    expect((await flagged()).has(quiet)).toBe(true);
  });

  it('does not undo a flag raised while its read was under way', async () => {
    const lead = leadIds().find((id) => !flaggedAtFake().has(id))!;
    let raised: Promise<unknown> = Promise.resolve();
    midRead = (leadId) => {
      if (leadId !== lead) return;
      now += 1;
      raised = applyToWorkspace(
        store.db,
        {
          type: 'activity.created',
          leadId: lead,
          customerId: null,
          activity: {
            id: leadId,
            activity_type: 'call',
            outcome: 'follow_up_needed',
            created_at: new Date(now).toISOString(),
          },
        },
        { now },
      );
    };
    for (let run = 0; run < 3; run++) {
      await engine.runTask('followUps');
      await raised;
    }
    expect((await flagged()).has(lead)).toBe(true);
    expect(followUpEvents().some((e) => e.type === 'lead.followUp' && e.id === lead)).toBe(false);
  });
});
