// Test support: calls a CRM implementation the way the dispatcher does (input checked by the same
// rules, mocks/core/validate.ts, 400 with field errors otherwise), without HTTP or the auth rules.
import { ROUTES_BY_ID, type RouteId } from '../../src/contract';
import { badRequest, FakeError } from '../core/errors';
import { implFor } from '../core/impls';
import { createRng, type Rng } from '../core/rng';
import type { FakeState, RouteResult, Workspace } from '../core/types';
import { checkBody, checkQuery, type Checked } from '../core/validate';
import { crmImpls } from './index';
import { seedCrm, type CrmState } from './state';

export const NOW = new Date('2026-03-02T10:00:00.000Z');

export interface CrmHarness {
  crm: CrmState;
  rng: Rng;
  now: Date;
  call(
    id: RouteId,
    input?: { params?: Record<string, string>; query?: unknown; body?: unknown },
  ): RouteResult;
  /** The FakeError a call throws; fails the test when it succeeds. */
  fail(id: RouteId, input?: { params?: Record<string, string>; query?: unknown; body?: unknown }): FakeError;
}

/** The checked value, or the dispatcher's 400 with its field errors. */
function accepted(checked: Checked<unknown>): unknown {
  if (!checked.ok) throw badRequest(checked.errors);
  return checked.value;
}

export function crmHarness(
  opts: { workspace?: 'acme' | 'globex'; scale?: number; seed?: number; now?: Date } = {},
): CrmHarness {
  const now = opts.now ?? NOW;
  const rng = createRng(opts.seed ?? 7);
  const crm = seedCrm(rng, now, { workspace: opts.workspace ?? 'acme', scale: opts.scale ?? 1 });
  const state = {
    rng,
    clock: { now: () => harness.now, advance: () => undefined },
    keys: new Map(),
    workspaces: new Map(),
  } satisfies FakeState;
  // The social half of a workspace is not used by CRM implementations.
  const ws = {
    id: 'ws',
    name: 'Test',
    planLimit: null,
    crm,
    social: {} as Workspace['social'],
  } satisfies Workspace;
  const harness: CrmHarness = {
    crm,
    rng,
    now,
    call(id, input = {}) {
      const route = ROUTES_BY_ID[id];
      const impl = implFor(crmImpls, id);
      if (!impl) throw new Error(`No CRM implementation for ${id}`);
      const ctx = {
        state,
        ws,
        now: harness.now,
        params: input.params ?? {},
        query: accepted(checkQuery(route, (input.query ?? {}) as Record<string, unknown>)),
        body: accepted(checkBody(route, input.body)),
      };
      return impl(ctx);
    },
    fail(id, input) {
      try {
        harness.call(id, input);
      } catch (err) {
        if (err instanceof FakeError) return err;
        throw err;
      }
      throw new Error(`${id} succeeded where a failure was expected`);
    },
  };
  return harness;
}
