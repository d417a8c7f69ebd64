import { BellRing } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** Shown on a card when one of the lead's activities asks for a follow-up (the board's flag). */
export function FollowUpBadge() {
  return (
    <Badge tone="warning" title="An activity on this lead needs a follow-up">
      <BellRing size={12} aria-hidden />
      {/* On a card the bell stands alone (the date beside it must not be cut); the word is read. */}
      <span className="sr-only">Follow-up</span>
    </Badge>
  );
}
