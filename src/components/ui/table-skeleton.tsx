import { Skeleton } from './states';

/** The table's place while the page's first read is on its way (the route's pending screen). */
export function TableSkeleton() {
  return (
    <div className="flex flex-col gap-2 py-2" aria-hidden>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  );
}
