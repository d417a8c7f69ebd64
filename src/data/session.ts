import { queryOptions } from '@tanstack/react-query';
import { Me, Team } from '@/contract';
import { callBff } from '@/lib/api-client';

// The BFF's own reads: who is signed in and the team roster, shared by every screen.
export const sessionKeys = {
  all: ['bff'] as const,
  me: () => ['bff', 'me'] as const,
  team: () => ['bff', 'team'] as const,
  /** Where the live stream stood when the workspace was read (`Workspace.streamFrom`). */
  streamFrom: () => ['bff', 'stream-from'] as const,
};

export const meQuery = () =>
  queryOptions({ queryKey: sessionKeys.me(), queryFn: () => callBff('/bff/me', Me), staleTime: 5 * 60_000 });

export const teamQuery = () =>
  queryOptions({
    queryKey: sessionKeys.team(),
    queryFn: () => callBff('/bff/team', Team),
    staleTime: 10 * 60_000,
  });
