import * as z from 'zod/mini';
import { Me, Team } from './bff';
import { Channel } from './channels';
import { LeadStage } from './leads';
import { QuickReply } from './quick-replies';
import { Tag } from './tags';
import { MentionList } from './notes';
import { Preferences } from './preferences';
import { UnreadSummary } from './unread';

/**
 * `GET /bff/workspace`: what every screen needs, in the app's first call after sign-in: who is
 * signed in, the team, and the workspace's small lists as the BFF's read model holds them (null:
 * not read yet, so the screen that needs it reads it itself).
 */
export const Workspace = z.lazy(() =>
  z.looseObject({
    me: Me,
    team: Team,
    channels: z.nullable(z.array(Channel)),
    stages: z.nullable(z.array(LeadStage)),
    tags: z.nullable(z.array(Tag)),
    quickReplies: z.nullable(z.array(QuickReply)),
    /** The team's own data about me (null: the BFF runs without its database, or it could not answer). */
    unread: z.optional(z.nullable(UnreadSummary)),
    mentions: z.optional(z.nullable(MentionList)),
    preferences: z.optional(z.nullable(Preferences)),
    /**
     * The live stream's position when this was read (null: no event yet, or no live workspace). The
     * app's stream starts after it, so a change made between this read, the screens' reads that
     * follow it and the stream's opening is replayed, not lost.
     */
    streamFrom: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  }),
);
export type Workspace = z.infer<typeof Workspace>;
