import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import { AVAILABILITY_LABELS, AVAILABILITY_STATUSES, AvailabilityStatus } from '@/contract';
import { MENU_ITEM } from '../ui/menu-classes';
import { AvailabilityDot, STATUS_TRIGGER, StatusFace, statusTriggerName } from './availability-face';
import { useSetAvailability } from './use-set-availability';

/** The menu behind the navigation's status button: Available, Busy or Away, one checked. */
export function AvailabilityMenu({
  username,
  status,
  awayAfterMinutes,
}: {
  username: string;
  status: AvailabilityStatus;
  awayAfterMinutes: number;
}) {
  const set = useSetAvailability(username);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={statusTriggerName(status)}
        title={`Your status: ${AVAILABILITY_LABELS[status]}`}
        className={STATUS_TRIGGER}
      >
        <StatusFace status={status} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="start"
          sideOffset={4}
          className="z-50 min-w-48 rounded-md border border-border bg-raised p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1 text-xs text-muted">Your status</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={status}
            onValueChange={(value) => {
              const chosen = AvailabilityStatus.safeParse(value);
              if (chosen.success && chosen.data !== status) set.mutate(chosen.data);
            }}
          >
            {AVAILABILITY_STATUSES.map((option) => (
              <DropdownMenu.RadioItem key={option} value={option} className={MENU_ITEM}>
                <AvailabilityDot status={option} />
                <span className="flex-1">{AVAILABILITY_LABELS[option]}</span>
                <DropdownMenu.ItemIndicator>
                  <Check size={14} aria-hidden />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <p className="max-w-56 px-2 py-1 text-xs text-subtle">
            Away by itself after {awayAfterMinutes} min with no Chatdesk tab open.
          </p>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
