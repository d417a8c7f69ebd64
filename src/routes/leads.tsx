import { createFileRoute } from '@tanstack/react-router';
import { LeadsPage } from '@/features/leads/components/leads-page';
import { parseLeadsSearch } from '@/features/leads/model/leads-search';
import { leadStagesQuery } from '@/data/lead-stages';

export const Route = createFileRoute('/leads')({
  validateSearch: parseLeadsSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(leadStagesQuery()),
  component: LeadsPage,
});
