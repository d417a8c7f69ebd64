import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { CatchBoundary } from '@tanstack/react-router';
import { Suspense, type ReactNode } from 'react';
import { ErrorState, LoadingState } from './ui/states';

interface QueryBoundaryProps {
  children: ReactNode;
  /** What shows while the section's first read is on its way (the route's loader usually spares it). */
  pending?: ReactNode;
  /** The section's own failure, so the rest of the screen stays: "The timeline could not be loaded". */
  title: string;
  /** A failure shown in place of the default error state (a line instead of a block). */
  failure?: (error: unknown, retry: () => void) => ReactNode;
}

/**
 * One section of a screen that reads with `useSuspenseQuery` and may fail on its own (a side panel,
 * a timeline): its loading and its error with "Try again", so the route's screen stays. Whole
 * screens leave both to their route (pendingComponent, errorComponent).
 */
export function QueryBoundary({ children, pending, title, failure }: QueryBoundaryProps) {
  const { reset } = useQueryErrorResetBoundary();
  return (
    <CatchBoundary
      getResetKey={() => title}
      errorComponent={({ error, reset: again }) => {
        const retry = () => {
          reset();
          again();
        };
        return failure ? failure(error, retry) : <ErrorState error={error} title={title} onRetry={retry} />;
      }}
    >
      <Suspense fallback={pending ?? <LoadingState />}>{children}</Suspense>
    </CatchBoundary>
  );
}
