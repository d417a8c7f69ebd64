import { HEX_COLOR } from '@/contract';

/** What a colour from data falls back to when it is missing or not a plain hex colour. */
export const NEUTRAL_COLOR = '#8a8f98';

/**
 * The one gate between a colour that came from data (stage colours, tag colours) and a `style`
 * attribute. Only a hex colour passes: anything else, such as `url(https://…)` (which makes the
 * browser fetch an outside address) or `var(--x)`, becomes the fallback.
 */
export function safeColor(value: unknown, fallback: string = NEUTRAL_COLOR): string {
  return typeof value === 'string' && HEX_COLOR.test(value) ? value : fallback;
}
