import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/customers/$customerId')({
  component: () => <h1 className="p-6 text-lg font-semibold">Customer</h1>,
});
