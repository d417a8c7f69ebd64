import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from './ui/states';

// The screens a route shows instead of its page: while its loader reads, when the read failed, and
// when what the URL names does not exist.

export function PendingScreen() {
  return <LoadingState />;
}

/** A route's error: says what happened and offers a retry that also resets the failed queries. */
export function ErrorScreen({ error, reset, title }: ErrorComponentProps & { title?: string }) {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  useEffect(() => queryReset.reset(), [queryReset]);
  return (
    <ErrorState
      error={error}
      title={title}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}

/** A route's error screen with words of its own ("Customers could not be loaded"). */
export const errorScreen = (title: string) =>
  function RouteErrorScreen(props: ErrorComponentProps) {
    return <ErrorScreen {...props} title={title} />;
  };

/** A record the URL names that is not in this workspace (deleted, another workspace's, a bad link). */
export function MissingRecord({ title, children }: { title: string; children: ReactNode }) {
  return (
    <EmptyState title={title} icon={<SearchX size={28} />}>
      <p>It may have been deleted, or the link belongs to another workspace.</p>
      <p className="mt-3">{children}</p>
    </EmptyState>
  );
}

export function NotFoundScreen() {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <p className="text-base font-semibold">Page not found</p>
      <p className="text-muted">There is nothing at this address.</p>
      <Link to="/inbox" className="text-accent underline">
        Go to the inbox
      </Link>
    </div>
  );
}
