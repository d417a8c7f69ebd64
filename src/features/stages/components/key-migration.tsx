import { useQuery } from '@tanstack/react-query';
import { LeadMoveStatus, useLeadMover } from '@/components/lead-mover';
import { Button } from '@/components/ui/button';
import { call } from '@/lib/api-client';
import { count } from '@/lib/format';
import { leadsCountQuery } from '@/data/leads';

/**
 * After a key change, the leads still holding the old key match no stage (spec rule 2). This
 * counts them and offers to move them to the new key, one PATCH each, with progress.
 */
export function KeyMigration({
  oldKey,
  newKey,
  onDone,
}: {
  oldKey: string;
  newKey: string;
  onDone: () => void;
}) {
  const remaining = useQuery(leadsCountQuery({ status: oldKey }));
  const mover = useLeadMover();
  const { progress, running } = mover;
  const run = () =>
    mover.run(
      newKey,
      (pacer) => (offset) =>
        pacer.run(() => call('leads.list', { query: { status: oldKey, offset, limit: 100 } })),
    );

  if (remaining.isPending)
    return <p className="text-[13px] text-muted">Counting leads that hold “{oldKey}”…</p>;
  const left = remaining.data ?? 0;
  if (left === 0 && !running) {
    return (
      <div
        role="status"
        className="flex items-center gap-2 rounded-md bg-success-soft px-3 py-2 text-[13px] text-success"
      >
        {progress
          ? `Moved ${count(progress.moved)} leads to “${newKey}”.`
          : `No lead holds “${oldKey}” any more.`}
        <Button size="sm" variant="ghost" className="ml-auto" onClick={onDone}>
          Dismiss
        </Button>
      </div>
    );
  }
  return (
    <div
      role="region"
      aria-label="Leads on the old key"
      className="flex flex-col gap-2 rounded-md border border-warning bg-warning-soft px-3 py-2 text-[13px]"
    >
      <p>
        {count(left)} {left === 1 ? 'lead still holds' : 'leads still hold'} the old key “{oldKey}” and
        {left === 1 ? ' matches' : ' match'} no stage: {left === 1 ? 'it shows' : 'they show'} under Unmatched
        on the board.
      </p>
      <LeadMoveStatus mover={mover} />
      <div className="flex gap-2">
        <Button size="sm" variant="primary" disabled={running} onClick={() => void run()}>
          {running ? 'Moving…' : `Move them to “${newKey}”`}
        </Button>
        <Button size="sm" variant="ghost" disabled={running} onClick={onDone}>
          Leave them
        </Button>
      </div>
    </div>
  );
}
