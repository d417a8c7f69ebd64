import type { QuickReply } from '../../src/contract/quick-replies';
import { badRequest, findOr404 } from '../core/errors';
import type { RouteImpls, Workspace } from '../core/types';

function assertShortcutFree(ws: Workspace, shortcut: string, exceptId?: string): void {
  const wanted = shortcut.toLowerCase();
  for (const qr of ws.social.quickReplies.values()) {
    if (qr.id !== exceptId && qr.shortcut.toLowerCase() === wanted)
      throw badRequest(['shortcut already exists']);
  }
}

const getQuickReply = (ws: Workspace, id: string | undefined): QuickReply =>
  findOr404(ws.social.quickReplies, id, 'Quick reply');

export const quickReplyImpls: RouteImpls = {
  'quickReplies.list': (ctx) => ({
    body: { data: [...ctx.ws.social.quickReplies.values()].sort((a, b) => a.title.localeCompare(b.title)) },
  }),
  'quickReplies.create': (ctx) => {
    assertShortcutFree(ctx.ws, ctx.body.shortcut);
    const at = ctx.now.toISOString();
    const qr: QuickReply = { id: ctx.state.rng.uuid(), ...ctx.body, created_at: at, updated_at: at };
    ctx.ws.social.quickReplies.set(qr.id, qr);
    return { body: qr };
  },
  'quickReplies.update': (ctx) => {
    const qr = getQuickReply(ctx.ws, ctx.params.id);
    if (ctx.body.shortcut !== undefined) assertShortcutFree(ctx.ws, ctx.body.shortcut, qr.id);
    Object.assign(qr, ctx.body, { updated_at: ctx.now.toISOString() });
    return { body: qr };
  },
  'quickReplies.delete': (ctx) => {
    getQuickReply(ctx.ws, ctx.params.id);
    ctx.ws.social.quickReplies.delete(ctx.params.id);
    return {};
  },
};
