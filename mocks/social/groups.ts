import { notFound } from '../core/errors';
import type { RouteImpls, Workspace } from '../core/types';
import { randomToken } from './platform';
import type { GroupRec } from './state';

/** A group on another channel, or no such group: 404 either way (spec Part 7, rule 1). */
function getGroup(ws: Workspace, groupId: string, channelId: string): GroupRec {
  const group = ws.social.groups.get(groupId);
  if (!group || group.channel_id !== channelId) throw notFound('Group');
  return group;
}

const threadOf = (ws: Workspace, group: GroupRec) =>
  [...ws.social.threads.values()].find((t) => t.conv.is_group && t.conv.external_thread_id === group.id);

export const groupImpls: RouteImpls = {
  'groups.get': (ctx) => {
    const g = getGroup(ctx.ws, ctx.params.groupId, ctx.query.channelId);
    return {
      body: {
        group: {
          id: g.id,
          subject: g.subject,
          description: g.description,
          participants: g.participants.map((p) => ({ ...p })),
          join_requests: g.join_requests.map((r) => ({ ...r })),
          invite_link: g.invite_link,
        },
      },
    };
  },
  // Approving admits numbers that asked to join; a number with no pending request is left out of
  // `approved` and listed in `skipped`, as the platform approves requests and does not add people.
  'groups.approveJoinRequests': (ctx) => {
    const g = getGroup(ctx.ws, ctx.params.groupId, ctx.body.channelId);
    const approved: string[] = [];
    const skipped: string[] = [];
    for (const phone of new Set(ctx.body.phoneNumbers)) {
      const index = g.join_requests.findIndex((r) => r.phone === phone);
      if (index < 0) {
        skipped.push(phone);
        continue;
      }
      g.join_requests.splice(index, 1);
      g.participants.push({ phone, name: null, role: 'member' });
      approved.push(phone);
    }
    const thread = threadOf(ctx.ws, g);
    if (thread) {
      thread.conv.group_participant_count = g.participants.length;
      thread.conv.updated_at = ctx.now.toISOString();
    }
    return { body: { approved, skipped } };
  },
  // Rotating invalidates the previous link at once (spec: Group chats).
  'groups.inviteLink': (ctx) => {
    const g = getGroup(ctx.ws, ctx.params.groupId, ctx.body.channelId);
    ctx.ws.social.validInviteLinks.delete(g.invite_link);
    g.invite_link = `https://chat.whatsapp.com/${randomToken(ctx.state.rng, 22)}`;
    ctx.ws.social.validInviteLinks.add(g.invite_link);
    return { body: { invite_link: g.invite_link } };
  },
};
