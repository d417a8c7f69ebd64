import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

// The BFF's own reads: who is signed in and the team roster, shared by every screen.
export const sessionKeys = {
  all: ['bff'] as const,
  me: () => ['bff', 'me'] as const,
  team: () => ['bff', 'team'] as const,
  /** Where the live stream stood when the workspace was read (`Workspace.streamFrom`). */
  streamFrom: () => ['bff', 'stream-from'] as const,
};

export const meQuery = () =>
  queryOptions({ queryKey: sessionKeys.me(), queryFn: () => call('session.me'), staleTime: 5 * 60_000 });

export const teamQuery = () =>
  queryOptions({
    queryKey: sessionKeys.team(),
    queryFn: () => call('session.team'),
    staleTime: 10 * 60_000,
  });
