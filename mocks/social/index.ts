import type { RouteImpls } from '../core/types';
import { channelImpls } from './channels';
import { conversationImpls } from './conversations';
import { groupImpls } from './groups';
import { messageImpls } from './messages';
import { quickReplyImpls } from './quick-replies';

/** The messaging host's implementations, by route id. */
export const socialImpls: RouteImpls = {
  ...conversationImpls,
  ...messageImpls,
  ...channelImpls,
  ...quickReplyImpls,
  ...groupImpls,
};

export type { SocialState } from './state';
export { seedSocial } from './seed';
