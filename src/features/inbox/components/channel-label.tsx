import { Camera, MessageCircle, MessagesSquare, Send } from 'lucide-react';
import type { Channel, Platform } from '@/contract';
import { UserText } from '@/components/ui/user-text';

const ICONS: Record<Platform, typeof MessageCircle> = {
  whatsapp: MessageCircle,
  instagram: Camera,
  messenger: MessagesSquare,
  telegram: Send,
};

const PLATFORM_NAMES: Record<Platform, string> = {
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  messenger: 'Messenger',
  telegram: 'Telegram',
};

export const platformName = (platform: Platform) => PLATFORM_NAMES[platform];

/** The platform's icon and the channel's name ("Acme Sales"), named for screen readers. */
export function ChannelLabel({ channel }: { channel: Channel | undefined }) {
  if (!channel) return <span className="text-subtle">Unknown channel</span>;
  const Icon = ICONS[channel.platform];
  return (
    <span
      className="inline-flex min-w-0 items-center gap-1"
      title={`${platformName(channel.platform)}: ${channel.name}`}
    >
      <Icon size={12} aria-label={platformName(channel.platform)} role="img" className="shrink-0" />
      <span className="truncate">
        <UserText>{channel.name}</UserText>
      </span>
    </span>
  );
}
