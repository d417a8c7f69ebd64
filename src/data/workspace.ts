import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '@/contract';
import { call } from '@/lib/api-client';
import { replaceChannels } from './channels';
import { replaceLeadStages } from './lead-stages';
import { replaceQuickReplies } from './quick-replies';
import { sessionKeys } from './session';
import { replaceTags } from './tags';
import { noteKeys } from './notes';
import { preferenceKeys } from './preferences';
import { unreadKeys } from './unread';

// The app's first call after sign-in: who is signed in, the team, and the workspace's small lists
// (channels, lead stages, tags, quick replies), each written into the cache its screens read, so
// none of them costs a call of its own. A list the BFF has not read yet is left for its screen.

export async function loadWorkspace(queryClient: QueryClient): Promise<Me> {
  const workspace = await call('workspace.get');
  queryClient.setQueryData(sessionKeys.me(), workspace.me);
  queryClient.setQueryData(sessionKeys.team(), workspace.team);
  // The app's live stream starts there: what changed since this read is replayed to it.
  queryClient.setQueryData(sessionKeys.streamFrom(), workspace.streamFrom ?? null);
  if (workspace.channels) replaceChannels(queryClient, workspace.channels);
  if (workspace.stages) replaceLeadStages(queryClient, workspace.stages);
  if (workspace.tags) replaceTags(queryClient, workspace.tags);
  if (workspace.quickReplies) replaceQuickReplies(queryClient, workspace.quickReplies);
  // The team's own data about me: unread, mentions, my settings.
  if (workspace.unread) queryClient.setQueryData(unreadKeys.all, workspace.unread);
  if (workspace.mentions) queryClient.setQueryData(noteKeys.mentions(), workspace.mentions);
  if (workspace.preferences) queryClient.setQueryData(preferenceKeys.mine, workspace.preferences);
  return workspace.me;
}

/** Who is signed in: known once the workspace was read, else read with it. */
export const signedIn = (queryClient: QueryClient): Promise<Me> =>
  Promise.resolve(queryClient.getQueryData<Me>(sessionKeys.me()) ?? loadWorkspace(queryClient));
