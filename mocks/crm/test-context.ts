// Test support: calls a CRM implementation the way the dispatcher does (input parsed by the
// contract's schemas first, 400 with field errors otherwise), without HTTP.
import type { ZodMiniType } from 'zod/mini';
import { fieldErrors, ROUTES_BY_ID, type RouteId } from '../../src/contract';
import { badRequest, FakeError } from '../core/errors';
import { createRng, type Rng } from '../core/rng';
import type { FakeState, RouteResult, Workspace } from '../core/types';
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

function parse(schema: ZodMiniType | undefined, value: unknown): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest(fieldErrors(result.error));
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
      const impl = crmImpls[id];
      if (!impl) throw new Error(`No CRM implementation for ${id}`);
      const ctx = {
        state,
        ws,
        now: harness.now,
        params: input.params ?? {},
        query: parse('query' in route ? route.query : undefined, input.query ?? {}),
        body: parse('body' in route ? route.body : undefined, input.body),
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
