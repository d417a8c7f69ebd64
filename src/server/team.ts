import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { AI_AGENTS, TEAM_MEMBERS } from '../../mocks/team';

// The people threads and leads are assigned to, and the AI agents that can answer a thread. The
// upstream has no user directory (spec Part 2), so the roster is configuration.

const Person = z.strictObject({ id: z.guid(), name: z.string().trim().min(1).max(200) });
export type Person = z.infer<typeof Person>;

const TeamFileSchema = z
  .strictObject({
    members: z.array(Person),
    aiAgents: z.array(Person).default([]),
    defaultMemberId: z.guid().optional(),
  })
  .refine((t) => t.defaultMemberId === undefined || t.members.some((m) => m.id === t.defaultMemberId), {
    message: 'defaultMemberId must be one of members',
    path: ['defaultMemberId'],
  });

export interface Team {
  readonly members: readonly Person[];
  readonly aiAgents: readonly Person[];
  /** Who `/bff/me` is until sign-in exists. */
  readonly defaultMemberId: string | undefined;
}

export class TeamFileError extends Error {
  constructor(file: string, detail: string) {
    super(`TEAM_FILE ${file}: ${detail}`);
    this.name = 'TeamFileError';
  }
}

export function parseTeam(json: unknown, source = 'team'): Team {
  const parsed = TeamFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new TeamFileError(source, `${issue.path.join('.') || 'root'} ${issue.message}`);
  }
  const { members, aiAgents, defaultMemberId } = parsed.data;
  return { members, aiAgents, defaultMemberId: defaultMemberId ?? members[0]?.id };
}

export function loadTeamFile(file: string): Team {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new TeamFileError(file, err instanceof Error ? err.message : 'cannot be read');
  }
  return parseTeam(json, file);
}

/** The demo roster: the fake's seeded owners, so "Mine" and owners line up. Ada is the admin. */
export const DEMO_TEAM: Team = {
  members: TEAM_MEMBERS.map(({ id, name }) => ({ id, name })),
  aiAgents: AI_AGENTS.map(({ id, name }) => ({ id, name })),
  defaultMemberId: TEAM_MEMBERS.find((m) => m.email === 'ada@acme.test')?.id,
};

export const EMPTY_TEAM: Team = { members: [], aiAgents: [], defaultMemberId: undefined };
