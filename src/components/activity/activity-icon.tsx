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

export function ActivityIcon({ type, size = 16 }: { type: ActivityType; size?: number }) {
  const Icon = ICONS[type];
  return <Icon size={size} aria-hidden />;
}
