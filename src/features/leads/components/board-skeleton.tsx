import type { LeadStage } from '@/contract';
import { Skeleton } from '@/components/ui/states';

/** A column whose cards are on their way: its name, and the shape of two cards. */
export function ColumnSkeleton({ name }: { name: string }) {
  return (
    <div
      aria-busy="true"
      aria-label={`Loading ${name}`}
      className="flex h-full w-72 shrink-0 flex-col gap-2 rounded-lg border border-border bg-bg p-2"
    >
      <p className="px-1 text-sm font-semibold">{name}</p>
      <Skeleton className="h-20" />
      <Skeleton className="h-20" />
    </div>
  );
}

/** The board before its code has loaded: the same columns, so nothing moves when it arrives. */
export function BoardSkeleton({ stages }: { stages: readonly Pick<LeadStage, 'id' | 'name'>[] }) {
  return (
    <div className="relative flex min-h-0 flex-1 gap-3 overflow-x-auto p-4">
      {stages.map((stage) => (
        <ColumnSkeleton key={stage.id} name={stage.name} />
      ))}
    </div>
  );
}
