import { useSuspenseQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { canManageLabels, type Label } from '@/contract';
import { LabelChip } from '@/components/labels/label-chips';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState, errorText } from '@/components/ui/states';
import { labelsQuery } from '@/data/labels';
import { meQuery } from '@/data/session';
import { notify } from '@/lib/notify';
import { useDeleteLabel } from '../api/label-mutations';
import { AddLabelForm, EditLabelForm } from './label-form';

/** `/settings/labels`: the team's labels; managers and admins add, rename, recolour and delete them. */
export function LabelSettings() {
  const { data: labels } = useSuspenseQuery(labelsQuery());
  const { data: me } = useSuspenseQuery(meQuery());
  const mayManage = canManageLabels(me.role);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 overflow-y-auto p-6">
      <div>
        <h1 className="text-lg font-semibold">Labels</h1>
        <p className="text-muted">
          Labels mark threads for the whole team: anyone puts them on a thread from its header, and the inbox
          filters by them.
          {mayManage ? null : ' Only managers and admins change this list.'}
        </p>
      </div>
      {labels.length === 0 ? (
        <EmptyState title="No labels yet">
          {mayManage ? 'Add the first one below.' : 'A manager or an admin adds them here.'}
        </EmptyState>
      ) : (
        <ul aria-label="Labels" className="divide-y divide-border rounded-lg border border-border">
          {labels.map((label) => (
            <LabelRow key={label.id} label={label} mayManage={mayManage} />
          ))}
        </ul>
      )}
      {mayManage ? <AddLabelForm /> : null}
    </div>
  );
}

function LabelRow({ label, mayManage }: { label: Label; mayManage: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteLabel();
  return (
    <li className="flex items-center gap-2 px-3 py-2">
      <LabelChip label={label} />
      <span className="flex-1" />
      {mayManage ? (
        <>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Edit label ${label.name}`}
            onClick={() => setEditing(true)}
          >
            <Pencil size={14} aria-hidden />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete label ${label.name}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 size={14} aria-hidden />
          </Button>
          <Dialog open={editing} onOpenChange={setEditing} title={`Edit label ${label.name}`}>
            <EditLabelForm label={label} onDone={() => setEditing(false)} />
          </Dialog>
          <Dialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Delete label ${label.name}?`}
            description="It comes off every thread that carries it. Views filtered by it show every thread instead."
          >
            <div className="flex justify-end gap-2">
              <Button onClick={() => setConfirming(false)}>Cancel</Button>
              <Button
                variant="danger"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(label.id, {
                    onSuccess: () => {
                      setConfirming(false);
                      notify.success(`Label ${label.name} deleted`);
                    },
                    onError: (error) =>
                      notify.error(`Label ${label.name} could not be deleted`, {
                        description: errorText(error),
                      }),
                  })
                }
              >
                {remove.isPending ? 'Deleting…' : 'Delete label'}
              </Button>
            </div>
          </Dialog>
        </>
      ) : null}
    </li>
  );
}
