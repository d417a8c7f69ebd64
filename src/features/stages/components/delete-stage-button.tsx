import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { LeadStage } from '@/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorText } from '@/components/ui/states';
import { count } from '@/lib/format';
import { notify } from '@/lib/notify';
import { leadsCountQuery } from '@/data/leads';
import { useDeleteStage } from '../api/stage-queries';

/** Deletes an empty, non-default stage after a confirmation; otherwise says why it cannot. */
export function DeleteStageButton({ stage }: { stage: LeadStage }) {
  const [confirming, setConfirming] = useState(false);
  const leads = useQuery(leadsCountQuery({ status: stage.key }));
  const remove = useDeleteStage(stage.id);
  const reasonId = useId();
  const reason = stage.is_default
    ? 'The default stage cannot be deleted.'
    : leads.data
      ? `Holds ${count(leads.data)} ${leads.data === 1 ? 'lead' : 'leads'}: move them first.`
      : null;
  const blocked = reason !== null || leads.isPending;

  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Delete stage ${stage.name}`}
        aria-describedby={reason ? reasonId : undefined}
        disabled={blocked}
        title={reason ?? undefined}
        onClick={() => setConfirming(true)}
      >
        <Trash2 size={14} aria-hidden />
      </Button>
      {reason ? (
        <span id={reasonId} className="sr-only">
          {reason}
        </span>
      ) : null}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete stage ${stage.name}?`}
        description="The stage has no leads. This cannot be undone."
      >
        <div className="flex justify-end gap-2">
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  setConfirming(false);
                  notify.success(`Stage ${stage.name} deleted`);
                },
                onError: (error) =>
                  notify.error(`Stage ${stage.name} could not be deleted`, { description: errorText(error) }),
              })
            }
          >
            {remove.isPending ? 'Deleting…' : 'Delete stage'}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
