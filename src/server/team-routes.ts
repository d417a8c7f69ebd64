import type { FastifyInstance } from 'fastify';
import { sendBffError } from './bff-error';
import type { Team } from './team';

export interface Me {
  readonly id: string;
  readonly name: string;
  readonly role: 'agent' | 'manager' | 'admin';
  /** The id the upstream knows this person by (owners of threads and leads). */
  readonly upstreamUserId: string;
}

export function registerTeam(app: FastifyInstance, team: Team): void {
  const body = { members: team.members, aiAgents: team.aiAgents };
  const defaultMember = team.members.find((m) => m.id === team.defaultMemberId);
  // Until sign-in exists the configured default member is "me", as an admin.
  const me: Me | null = defaultMember
    ? { id: defaultMember.id, name: defaultMember.name, role: 'admin', upstreamUserId: defaultMember.id }
    : null;

  app.get('/bff/team', async (_request, reply) => reply.header('cache-control', 'no-store').send(body));
  app.get('/bff/me', async (_request, reply) =>
    me
      ? reply.header('cache-control', 'no-store').send(me)
      : sendBffError(reply, 404, 'No team member is configured'),
  );
}
