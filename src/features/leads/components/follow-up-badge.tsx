import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { leadActivitiesQuery } from '@/data/activities';

const needsFollowUp = (activities: { outcome?: string | null }[]) =>
  activities.some((a) => a.outcome === 'follow_up_needed');

/** Shown on a card when one of the lead's activities asks for a follow-up (read per visible card). */
export function FollowUpBadge({ leadId }: { leadId: string }) {
  const { data } = useQuery({ ...leadActivitiesQuery(leadId), select: needsFollowUp });
  if (!data) return null;
  return (
    <Badge tone="warning" title="An activity on this lead needs a follow-up">
      <BellRing size={12} aria-hidden />
      Follow-up
    </Badge>
  );
}
