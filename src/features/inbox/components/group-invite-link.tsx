import { Copy, Link2, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorText } from '@/components/ui/states';
import { notify } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { useRotateInviteLink } from '../api/groups';

/** The group's invite link: copy it, or create or rotate it (the old one stops working). */
export function InviteLink({
  link,
  channelId,
  groupId,
}: {
  link: string | null;
  channelId: string;
  groupId: string;
}) {
  const rotate = useRotateInviteLink(channelId, groupId);
  const mayRotate = useCan()('groups.inviteLink');
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      notify.success('Invite link copied');
    } catch {
      notify.error('The link could not be copied', { description: 'Select the link and copy it by hand.' });
    }
  };

  const create = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notify.success(link ? 'New invite link created; the old one no longer works' : 'Invite link created');
      },
    });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-[13px] font-semibold text-muted">
        Invite link
      </h3>
      {link ? (
        <>
          <p
            data-testid="invite-link"
            className="flex items-center gap-2 rounded-md border border-border bg-bg px-2.5 py-1.5 font-mono text-xs break-all"
          >
            <Link2 size={14} aria-hidden className="shrink-0 text-muted" />
            <span>{link}</span>
          </p>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => void copy()}>
              <Copy size={14} aria-hidden />
              Copy link
            </Button>
            {mayRotate ? (
              <Button size="sm" onClick={() => setConfirming(true)}>
                <RefreshCw size={14} aria-hidden />
                Rotate link
              </Button>
            ) : null}
          </div>
        </>
      ) : (
        <div className="flex flex-col items-start gap-2">
          <p className="text-muted">This group has no invite link yet.</p>
          {mayRotate ? (
            <Button size="sm" onClick={create} disabled={rotate.isPending}>
              <Link2 size={14} aria-hidden />
              Create invite link
            </Button>
          ) : null}
          {rotate.isError ? (
            <p role="alert" className="text-xs text-danger">
              {errorText(rotate.error)}
            </p>
          ) : null}
        </div>
      )}
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) rotate.reset();
        }}
        title="Rotate the invite link?"
        description="The current link stops working at once. Anyone who has it will need the new link to join."
      >
        {rotate.isError ? (
          <p role="alert" className="mb-3 text-sm text-danger">
            {errorText(rotate.error)}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="danger" onClick={create} disabled={rotate.isPending}>
            {rotate.isPending ? 'Rotating…' : 'Rotate link'}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
