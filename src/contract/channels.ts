import * as z from 'zod/mini';
import { Id } from './common';

export const PLATFORMS = ['whatsapp', 'instagram', 'messenger', 'telegram'] as const;
export const Platform = z.enum(PLATFORMS);
export type Platform = z.infer<typeof Platform>;

/** The primary chat platform: the only one with templates and groups. */
export const PRIMARY_PLATFORM: Platform = 'whatsapp';
/** The bot platform has no 24-hour window (decisions.md). */
export const WINDOWLESS_PLATFORMS: readonly Platform[] = ['telegram'];

export const Channel = z.lazy(() => z.looseObject({ id: Id, name: z.string(), platform: Platform }));
export type Channel = z.infer<typeof Channel>;

export const ChannelList = z.lazy(() => z.looseObject({ channels: z.array(Channel) }));
export type ChannelList = z.infer<typeof ChannelList>;
