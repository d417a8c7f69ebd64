import { seedCrm } from './crm/state';
import { crmImpls } from './crm/index';
import { createClock, type FakeClock } from './core/clock';
import { cloneStore } from './core/clone';
import { dispatch, type DispatchRequest, type DispatchResponse } from './core/dispatch';
import { FakeError, notFound } from './core/errors';
import { Faults, type FaultRule } from './core/faults';
import { seedKeys } from './core/keys';
import { createRng, type Rng } from './core/rng';
import type { ApiKey, FakeState, Workspace } from './core/types';
import { socialImpls } from './social/index';
import { injectInbound, type InboundInput } from './social/inbound';
import { seedSocial } from './social/seed';
import { FILLERS } from './social/seed-text';
import { settleDeliveries } from './social/thread-ops';
import { ACME_TENANT, GLOBEX_TENANT } from './team';

export const DEFAULT_ORIGIN = 'http://127.0.0.1:4010';

export interface FakeOptions {
  /** 1 by default; `SEED_SCALE=large` makes it 10 (ten times the data plus a 10,000-message thread). */
  scale?: number;
  /** The clock's time source. Omitted: frozen at start/reset, moving only by advance (tests). */
  now?: () => number;
  /** Spontaneous inbound messages every few seconds of real time (the demo turns it on). */
  chatter?: boolean;
}

export interface FakeControl {
  inbound(input: InboundInput): ReturnType<typeof injectInbound>;
  advance(ms: number): void;
  fail(rule: Omit<FaultRule, 'remaining'> & { count?: number }): void;
  planLimit(tenantId: string, limit: string | null): void;
  revoke(key: string): void;
  failDelivery(conversationId: string, reason?: string): void;
  chatter(on: boolean): void;
  chatterOn(): boolean;
  inviteLinkValid(link: string): boolean;
}

export interface Fake {
  state: FakeState;
  clock: FakeClock;
  control: FakeControl;
  reset(opts?: { scale?: number }): void;
  /**
   * True from a reset until the state is next read, when that read will find the very seed every
   * such reset restores (a frozen clock): a test harness may then keep what it built from it.
   */
  untouchedSeed(): boolean;
  dispatch(req: DispatchRequest): Promise<DispatchResponse>;
  /** The workspace by tenant id (Acme by default), for tests and the control surface. */
  workspace(tenantId?: string): Workspace;
  /** Stops the chatter timer. */
  dispose(): void;
}

const SEEDS = { acme: { crm: 1001, social: 1002 }, globex: { crm: 2001, social: 2002 }, runtime: 4242 };
const CHATTER_EVERY_MS = 4_000;

/**
 * What happens after the seed (delivery outcomes, picks) replays the same on every reset, but the
 * records it creates get ids no earlier run ever gave out: a real upstream never hands out an id
 * twice, even after a restore, and clients rightly keep ledgers by id (the BFF's idempotency keys,
 * a message's author). Replayed ids made a retry after a reset replay the previous test's answer.
 */
function runtimeRng(): Rng {
  return { ...createRng(SEEDS.runtime), uuid: () => crypto.randomUUID() };
}

const IMPLS = { ...socialImpls, ...crmImpls };

const defaultScale = () => (process.env['SEED_SCALE'] === 'large' ? 10 : 1);

function seedWorkspace(
  id: string,
  name: string,
  which: 'acme' | 'globex',
  now: Date,
  scale: number,
): Workspace {
  const crm = seedCrm(createRng(SEEDS[which].crm), now, { workspace: which, scale });
  const social = seedSocial(createRng(SEEDS[which].social), now, crm, { workspace: which, scale });
  return { id, name, planLimit: null, crm, social };
}

export function createFake(opts: FakeOptions = {}): Fake {
  const clock = createClock(opts.now);
  let scale = opts.scale ?? defaultScale();
  const faults = new Faults();
  let chatterTimer: ReturnType<typeof setInterval> | null = null;

  // A frozen clock restarts at the first seed's moment, so a reset restores a copy of that seed
  // instead of building it again (tests reset after every test). A live clock reseeds at real now.
  let snapshot: { at: number; scale: number; workspaces: Map<string, Workspace> } | null = null;
  let workspaces = new Map<string, Workspace>();
  let keys = new Map<string, ApiKey>();
  let stale = true;
  const seed = () => {
    stale = false;
    const reuse = clock.frozen && snapshot?.scale === scale ? snapshot : null;
    const now = clock.now();
    state.rng = runtimeRng();
    keys = seedKeys(now);
    if (reuse) {
      workspaces = cloneStore(reuse.workspaces);
      return;
    }
    workspaces = new Map([
      [ACME_TENANT, seedWorkspace(ACME_TENANT, 'Acme Inc.', 'acme', now, scale)],
      [GLOBEX_TENANT, seedWorkspace(GLOBEX_TENANT, 'Globex Corp.', 'globex', now, 1)],
    ]);
    if (clock.frozen) snapshot = { at: now.getTime(), scale, workspaces: cloneStore(workspaces) };
  };
  // Seeding is lazy: a reset costs nothing until something reads the state again.
  const state: FakeState = {
    clock,
    rng: runtimeRng(),
    get keys() {
      if (stale) seed();
      return keys;
    },
    set keys(value) {
      keys = value;
    },
    get workspaces() {
      if (stale) seed();
      return workspaces;
    },
    set workspaces(value) {
      workspaces = value;
    },
  };

  const settle = (now: Date) => {
    for (const ws of state.workspaces.values()) settleDeliveries(ws.social, now, state.rng);
  };
  clock.onAdvance(settle);

  const workspace = (tenantId: string = ACME_TENANT) => {
    const ws = state.workspaces.get(tenantId);
    if (!ws) throw notFound('Workspace');
    return ws;
  };
  const workspaceHolding = (find: (ws: Workspace) => boolean, what: string) => {
    for (const ws of state.workspaces.values()) if (find(ws)) return ws;
    throw notFound(what);
  };

  const chatterTick = () => {
    const ws = workspace();
    const threads = [...ws.social.threads.values()].filter(
      (t) => !t.conv.is_group && t.conv.status !== 'closed',
    );
    if (threads.length === 0) return;
    const thread = state.rng.pick(threads);
    const line = state.rng.pick(FILLERS.filter((f) => f.dir === 'in'));
    injectInbound(ws, { conversationId: thread.conv.id, text: line.text }, clock.now(), state.rng);
  };

  const control: FakeControl = {
    inbound(input) {
      const ws =
        'conversationId' in input
          ? workspaceHolding((w) => w.social.threads.has(input.conversationId), 'Conversation')
          : workspaceHolding((w) => w.social.channels.some((c) => c.id === input.channelId), 'Channel');
      return injectInbound(ws, input, clock.now(), state.rng);
    },
    advance: (ms) => clock.advance(ms),
    fail: ({ count, ...rule }) => faults.add({ ...rule, remaining: count ?? 1 }),
    planLimit(tenantId, limit) {
      workspace(tenantId).planLimit = limit;
    },
    revoke(key) {
      const found = state.keys.get(key);
      if (!found) throw new FakeError(404, 'API key not found');
      found.revoked = true;
    },
    failDelivery(conversationId, reason) {
      const ws = workspaceHolding((w) => w.social.threads.has(conversationId), 'Conversation');
      ws.social.threads.get(conversationId)!.meta.failNextDelivery = reason ?? 'Message undeliverable';
    },
    chatter(on) {
      if (chatterTimer) clearInterval(chatterTimer);
      chatterTimer = null;
      if (on) {
        chatterTimer = setInterval(chatterTick, CHATTER_EVERY_MS);
        chatterTimer.unref();
      }
    },
    chatterOn: () => chatterTimer !== null,
    inviteLinkValid: (link) =>
      [...state.workspaces.values()].some((ws) => ws.social.validInviteLinks.has(link)),
  };

  const fake: Fake = {
    state,
    clock,
    control,
    reset(resetOpts) {
      if (resetOpts?.scale !== undefined) scale = resetOpts.scale;
      clock.restart(clock.frozen && snapshot?.scale === scale ? snapshot.at : undefined);
      faults.clear();
      stale = true;
    },
    untouchedSeed: () => stale && clock.frozen && snapshot?.scale === scale,
    dispatch: (req) => dispatch({ state, impls: IMPLS, faults, settle }, req),
    workspace,
    dispose: () => control.chatter(false),
  };
  if (opts.chatter) control.chatter(true);
  return fake;
}
