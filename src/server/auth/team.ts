import type { Team } from '../../contract';
import type { Person } from '../team';
import type { UserDirectory } from './users';

/**
 * The roster threads and leads can be assigned to: everyone who signs in, then the rest of the
 * team file (people who own threads and leads but do not sign in here), once each; and the AI agents.
 */
export function teamOf(users: UserDirectory, roster: readonly Person[], aiAgents: readonly Person[]): Team {
  const members = new Map<string, Person>();
  for (const u of users.users)
    if (!members.has(u.upstreamUserId))
      members.set(u.upstreamUserId, { id: u.upstreamUserId, name: u.displayName });
  for (const m of roster) if (!members.has(m.id)) members.set(m.id, m);
  return {
    members: [...members.values()],
    aiAgents: [...aiAgents],
    accounts: users.users.map((u) => ({ username: u.username, name: u.displayName })),
  };
}
