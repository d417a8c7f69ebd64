import { WINDOWLESS_PLATFORMS, type Platform } from '../../src/contract/channels';
import type { Rng } from '../core/rng';

export const WINDOW_MS = 24 * 60 * 60 * 1000;

export const windowApplies = (platform: Platform) => !WINDOWLESS_PLATFORMS.includes(platform);

/** What each platform says when it does not know the recipient. */
export const UNREACHABLE_REASON: Record<Platform, string> = {
  whatsapp: 'Recipient is not a WhatsApp user',
  instagram: 'Recipient cannot be reached on Instagram',
  messenger: 'This person is not available on Messenger right now',
  telegram: 'Forbidden: bot was blocked by the user',
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function randomToken(rng: Rng, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(rng.next() * ALPHABET.length)];
  return out;
}

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
