import type { RouteContext, RouteResult } from '../core/types';
import { compareText } from '../core/compare';

export function listTags(ctx: RouteContext<'tags.list'>): RouteResult {
  const data = [...ctx.ws.crm.tags.values()].sort((a, b) =>
    compareText(a.name.toLowerCase(), b.name.toLowerCase()),
  );
  return { body: { data } };
}
