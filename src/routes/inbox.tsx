import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/inbox')({
  component: () => <h1 className="p-6 text-lg font-semibold">Inbox</h1>,
});
