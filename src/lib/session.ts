import { queryOptions } from '@tanstack/react-query';
import { Me, Team } from '@/contract';
import { callBff } from './api-client';

// Who is signed in and the team roster are shared by every feature, so they live in lib.
export const meQuery = () =>
  queryOptions({ queryKey: ['bff', 'me'], queryFn: () => callBff('/bff/me', Me), staleTime: 5 * 60_000 });

export const teamQuery = () =>
  queryOptions({
    queryKey: ['bff', 'team'],
    queryFn: () => callBff('/bff/team', Team),
    staleTime: 10 * 60_000,
  });
