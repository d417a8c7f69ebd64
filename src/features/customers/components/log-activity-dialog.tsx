import { LogActivityForm } from '@/components/activity/log-activity-form';
import { Dialog } from '@/components/ui/dialog';
import { notify } from '@/lib/notify';
import { useLogActivity } from '../api/activities';

/** Logs a call, email, meeting… on the customer's timeline. */
export function LogActivityDialog({
  customerId,
  open,
  onOpenChange,
}: {
  customerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const log = useLogActivity(customerId);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Log activity">
      <LogActivityForm
        subject={{ customer_id: customerId }}
        log={log}
        onLogged={() => {
          notify.success('Activity logged');
          onOpenChange(false);
        }}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
