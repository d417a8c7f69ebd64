import { Skeleton } from '@/components/ui/states';

/** The route's pending screen, in a file of its own so the page's code loads only with the page. */
/** The list's place while the page's first read is on its way (the route's pending screen). */
export function QuickRepliesPending() {
  return (
    <div role="status" aria-label="Loading quick replies" className="flex flex-col gap-2 px-6 py-4">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-16" />
      ))}
    </div>
  );
}
