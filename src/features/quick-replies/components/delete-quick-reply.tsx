import type { QuickReply } from '@/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorText } from '@/components/ui/states';
import { notify } from '@/lib/notify';
import { useDeleteQuickReply } from '../api';

/** Asks before deleting: the reply is shared by the whole team. */
export function DeleteQuickReplyDialog({
  reply,
  onClose,
}: {
  reply: QuickReply | null;
  onClose: () => void;
}) {
  const remove = useDeleteQuickReply();
  const confirm = () => {
    if (!reply) return;
    onClose();
    remove.mutate(reply, {
      onSuccess: () => notify.success(`Deleted “${reply.title}”`),
      onError: (error) =>
        notify.error(`“${reply.title}” could not be deleted`, { description: errorText(error) }),
    });
  };
  return (
    <Dialog
      open={reply !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete this quick reply?"
      description={
        reply ? `“${reply.title}” (/${reply.shortcut}) will be gone for everyone on the team.` : undefined
      }
    >
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="danger" onClick={confirm}>
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
