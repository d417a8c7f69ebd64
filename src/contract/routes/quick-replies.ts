import { QuickReply, QuickReplyCreate, QuickReplyList, QuickReplyUpdate } from '../quick-replies';
import { route, NoContent, idParam } from './define';

/** The team's quick replies (messaging host). */
export const QUICK_REPLY_ROUTES = [
  route({
    id: 'quickReplies.list',
    host: 'social',
    method: 'GET',
    path: '/v1/quick-replies',
    scope: 'quick-replies:read',
    response: QuickReplyList,
    status: 200,
    source: 'implied',
  }),
  route({
    id: 'quickReplies.create',
    host: 'social',
    method: 'POST',
    path: '/v1/quick-replies',
    scope: 'quick-replies:write',
    body: QuickReplyCreate,
    response: QuickReply,
    status: 201,
  }),
  route({
    id: 'quickReplies.update',
    host: 'social',
    method: 'PATCH',
    path: '/v1/quick-replies/{id}',
    params: idParam,
    scope: 'quick-replies:write',
    body: QuickReplyUpdate,
    response: QuickReply,
    status: 200,
    source: 'implied',
  }),
  route({
    id: 'quickReplies.delete',
    host: 'social',
    method: 'DELETE',
    path: '/v1/quick-replies/{id}',
    params: idParam,
    scope: 'quick-replies:write',
    response: NoContent,
    status: 204,
    source: 'implied',
  }),
] as const;
