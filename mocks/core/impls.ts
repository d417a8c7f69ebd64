import type { RouteId } from '../../src/contract/routes';
import type { FakeState, RouteImpls, RouteResult, Workspace } from './types';

/** A route's input as the dispatcher holds it: checked at run time with the route's own schemas. */
export interface CheckedContext {
  state: FakeState;
  ws: Workspace;
  now: Date;
  params: Readonly<Record<string, string>>;
  query: unknown;
  body: unknown;
}

/**
 * The implementation of the route with this id, taking the checked input. Each implementation is
 * typed by its route (`RouteContext<'leads.get'>`); an id known only at run time cannot carry those
 * types, so this one cast stands for the run-time check: the dispatcher (and the CRM test harness)
 * parse params, query and body with exactly that route's schemas before calling it.
 */
export function implFor(impls: RouteImpls, id: RouteId): ((ctx: CheckedContext) => RouteResult) | undefined {
  return impls[id] as ((ctx: CheckedContext) => RouteResult) | undefined;
}
