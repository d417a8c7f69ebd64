import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorState, LoadingState } from './ui/states';

export function PendingScreen() {
  return <LoadingState />;
}

/** A route's error: says what happened and offers a retry that also resets the failed queries. */
export function ErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  useEffect(() => queryReset.reset(), [queryReset]);
  return (
    <ErrorState
      error={error}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
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
