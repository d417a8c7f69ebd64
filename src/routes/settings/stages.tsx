import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/settings/stages')({
  component: () => <h1 className="p-6 text-lg font-semibold">Lead stages</h1>,
});
