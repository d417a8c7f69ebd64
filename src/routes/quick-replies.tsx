import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/quick-replies')({
  component: () => <h1 className="p-6 text-lg font-semibold">Quick replies</h1>,
});
