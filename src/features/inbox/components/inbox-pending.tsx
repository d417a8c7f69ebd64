import { Skeleton } from '@/components/ui/states';

// The inbox route's pending screen, in a file of its own so the inbox's code is not in the entry chunk.

/** The list's place while the inbox's first read is on its way (the route's pending screen). */
export function ThreadListSkeleton() {
  return (
    <div role="status" aria-label="Loading conversations" className="flex flex-col gap-3 p-3">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-14" />
      ))}
    </div>
  );
}

/** The inbox's frame while its first read is on its way: the list's place holds its skeleton. */
export function InboxPending() {
  return (
    <div className="flex h-full min-h-0">
      <div className="flex w-full shrink-0 flex-col border-r border-border md:w-80 lg:w-96">
        <ThreadListSkeleton />
      </div>
    </div>
  );
}
