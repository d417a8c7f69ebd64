import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/customers')({
  component: () => <h1 className="p-6 text-lg font-semibold">Customers</h1>,
});
