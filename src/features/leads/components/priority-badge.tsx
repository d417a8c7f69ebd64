import type { Priority } from '@/contract';
import { Badge } from '@/components/ui/badge';

const TONE = { urgent: 'danger', high: 'warning', medium: 'accent', low: 'neutral' } as const;
const LABEL: Record<Priority, string> = { urgent: 'Urgent', high: 'High', medium: 'Medium', low: 'Low' };

export function PriorityBadge({ priority }: { priority: Priority | null | undefined }) {
  if (!priority) return null;
  return <Badge tone={TONE[priority]}>{LABEL[priority]}</Badge>;
}

export const PRIORITY_LABEL = LABEL;
