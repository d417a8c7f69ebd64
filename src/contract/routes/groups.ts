import {
  ApproveJoinRequestsBody,
  ApproveJoinRequestsResponse,
  GroupId,
  GroupQuery,
  GroupResponse,
  InviteLinkBody,
  InviteLinkResponse,
} from '../groups';
import { route } from './define';

/** Group chats (messaging host). */
export const GROUP_ROUTES = [
  route({
    id: 'groups.get',
    host: 'social',
    method: 'GET',
    path: '/v1/chat/wa-groups/{groupId}',
    params: { groupId: GroupId },
    scope: 'wa-groups:manage',
    query: GroupQuery,
    response: GroupResponse,
    status: 200,
  }),
  route({
    id: 'groups.approveJoinRequests',
    host: 'social',
    method: 'POST',
    path: '/v1/chat/wa-groups/{groupId}/join-requests',
    params: { groupId: GroupId },
    scope: 'wa-groups:manage',
    body: ApproveJoinRequestsBody,
    response: ApproveJoinRequestsResponse,
    status: 200,
  }),
  route({
    id: 'groups.inviteLink',
    host: 'social',
    method: 'POST',
    path: '/v1/chat/wa-groups/{groupId}/invite-link',
    params: { groupId: GroupId },
    scope: 'wa-groups:manage',
    body: InviteLinkBody,
    response: InviteLinkResponse,
    status: 201,
  }),
] as const;
