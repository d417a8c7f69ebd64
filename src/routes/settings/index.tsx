import { createFileRoute, redirect } from '@tanstack/react-router';

// Settings opens on the lead stages, the page every role may see.
export const Route = createFileRoute('/settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/settings/stages', replace: true });
  },
});
