import { ChannelList } from '../channels';
import { TemplateList, TemplateListQuery } from '../templates';
import { route } from './define';

/** Channels and message templates (messaging host). */
export const CHANNEL_ROUTES = [
  route({
    id: 'channels.list',
    host: 'social',
    method: 'GET',
    path: '/v1/connect/channels',
    scope: 'channels:read',
    response: ChannelList,
    status: 200,
    source: 'implied',
  }),
  route({
    id: 'templates.list',
    host: 'social',
    method: 'GET',
    path: '/v1/templates',
    scope: 'templates:read',
    query: TemplateListQuery,
    response: TemplateList,
    status: 200,
  }),
] as const;
