import { APPROVED } from '../../src/contract/templates';
import type { RouteImpls } from '../core/types';
import { getChannel } from './lookup';

export const channelImpls: RouteImpls = {
  'channels.list': (ctx) => ({
    body: { channels: ctx.ws.social.channels.map((c) => ({ ...c })) },
  }),
  // Only the primary platform has templates: another platform's channel lists none; an unknown one is a 404.
  'templates.list': (ctx) => {
    const channel = getChannel(ctx.ws, ctx.query.channelId);
    const templates = ctx.ws.social.templates
      .filter((t) => t.channel_id === channel.id && t.status === APPROVED)
      .map(({ channel_id: _channel, ...t }) => t);
    return { body: { templates } };
  },
};
