import {
  CalendarDays,
  CheckSquare,
  Handshake,
  LifeBuoy,
  Mail,
  MessageSquare,
  Phone,
  StickyNote,
  type LucideIcon,
} from 'lucide-react';
import type { ActivityType } from '@/contract';

const ICONS: Record<ActivityType, LucideIcon> = {
  call: Phone,
  email: Mail,
  meeting: CalendarDays,
  note: StickyNote,
  task: CheckSquare,
  deal: Handshake,
  support_ticket: LifeBuoy,
  sms: MessageSquare,
};

/** The activity type's icon; decorative unless given a label. */
export function ActivityIcon({
  type,
  size = 16,
  className,
  label,
}: {
  type: ActivityType;
  size?: number;
  className?: string;
  label?: string;
}) {
  const Icon = ICONS[type];
  return label ? (
    <Icon size={size} className={className} role="img" aria-label={label} />
  ) : (
    <Icon size={size} className={className} aria-hidden />
  );
}
