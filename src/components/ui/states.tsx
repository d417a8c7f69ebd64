import type { ReactNode } from 'react';
import { AlertTriangle, Inbox, Loader2 } from 'lucide-react';
import { isApiError } from '@/lib/api-error';
import { Button } from './button';

export function EmptyState({
  title,
  children,
  icon,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 px-6 py-12 text-center">
      <div className="text-subtle" aria-hidden>
        {icon ?? <Inbox size={28} />}
      </div>
      <p className="font-medium">{title}</p>
      {children ? <div className="max-w-sm text-muted">{children}</div> : null}
    </div>
  );
}

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 px-6 py-12 text-muted">
      <Loader2 className="animate-spin" size={18} aria-hidden />
      <span>{label}</span>
    </div>
  );
}

export function errorText(error: unknown): string {
  if (isApiError(error)) return error.userMessage;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

export function ErrorState({
  error,
  onRetry,
  title = 'This could not be loaded',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <div role="alert" className="flex flex-col items-center justify-center gap-3 px-6 py-12 text-center">
      <AlertTriangle className="text-danger" size={28} aria-hidden />
      <p className="font-medium">{title}</p>
      <p className="max-w-md text-muted">{errorText(error)}</p>
      {onRetry ? (
        <Button onClick={onRetry} size="sm">
          Try again
        </Button>
      ) : null}
    </div>
  );
}

export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden className={`animate-pulse rounded bg-surface ${className}`} />;
}
