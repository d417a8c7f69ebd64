import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/leads')({
  component: () => <h1 className="p-6 text-lg font-semibold">Leads</h1>,
});
