import { WINDOWLESS_PLATFORMS, type Platform } from '../../src/contract/channels';
import { ALPHANUMERIC, type Rng } from '../core/rng';
import { DAY_MS } from '../core/time';

export const WINDOW_MS = DAY_MS;

export const windowApplies = (platform: Platform) => !WINDOWLESS_PLATFORMS.includes(platform);

/** What each platform says when it does not know the recipient. */
export const UNREACHABLE_REASON: Record<Platform, string> = {
  whatsapp: 'Recipient is not a WhatsApp user',
  instagram: 'Recipient cannot be reached on Instagram',
  messenger: 'This person is not available on Messenger right now',
  telegram: 'Forbidden: bot was blocked by the user',
};

export const randomToken = (rng: Rng, length: number) => rng.chars(length, ALPHANUMERIC);

/** The platform's own id, as it appears once the platform acknowledges a send. */
export function platformMessageId(platform: Platform, rng: Rng): string {
  switch (platform) {
    case 'whatsapp':
      return `wamid.${randomToken(rng, 32)}`;
    case 'instagram':
      return `aWdfZAG1f${randomToken(rng, 24)}`;
    case 'messenger':
      return `m_${randomToken(rng, 28)}`;
    case 'telegram':
      return String(rng.int(100000, 9999999));
  }
}
