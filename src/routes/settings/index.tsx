import { createFileRoute, redirect } from '@tanstack/react-router';

// Stages are the only settings page so far.
export const Route = createFileRoute('/settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/settings/stages', replace: true });
  },
});
