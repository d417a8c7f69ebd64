import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { CatchBoundary } from '@tanstack/react-router';
import { Suspense, type ComponentType, type ReactNode } from 'react';
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
// The router's boundary is typed against React 19's ReactNode (which adds bigint and promises to what
// render() may return); on React 18 its class does not type-check as a JSX element though it runs the
// same. Typed by its own props, nothing else.
const SectionCatch = CatchBoundary as unknown as ComponentType<CatchBoundary['props']>;

export function QueryBoundary({ children, pending, title, failure }: QueryBoundaryProps) {
  const { reset } = useQueryErrorResetBoundary();
  return (
    <SectionCatch
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
    </SectionCatch>
  );
}
