import { useQuery } from '@tanstack/react-query';
import { availabilityQuery } from '@/data/availability';
import { loadable } from '@/lib/loadable';
import { STATUS_TRIGGER, StatusFace, statusTriggerName } from './availability-face';

// The menu's code (Radix's dropdown) loads once the screen has painted: the navigation is on the
// first screen. Until it is there, the same button shows, not yet clickable.
const menuCode = loadable(() => import('./availability-menu'), { afterPaint: true });

/**
 * My status in the navigation, under my name: what I chose (this tab is open, so idleness does not
 * apply to me here), opening a menu to change it. Nothing shows until the team's statuses are
 * read, nor when the BFF keeps none (no database).
 */
export function AvailabilityControl({ username }: { username: string }) {
  const { data } = useQuery(availabilityQuery());
  const me = data?.members.find((m) => m.username === username);
  const code = menuCode.use(me !== undefined);
  if (!data || !me) return null;
  if (code)
    return (
      <code.AvailabilityMenu
        username={username}
        status={me.chosen}
        awayAfterMinutes={data.awayAfterMinutes}
      />
    );
  return (
    <button
      type="button"
      disabled
      aria-label={statusTriggerName(me.chosen)}
      aria-haspopup="menu"
      className={STATUS_TRIGGER}
    >
      <StatusFace status={me.chosen} />
    </button>
  );
}
