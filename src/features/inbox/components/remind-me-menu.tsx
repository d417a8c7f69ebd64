import { BellPlus, ChevronDown } from 'lucide-react';
import { REMIND_ME_LABEL, REMIND_TRIGGER } from '@/components/reminders/remind-me-trigger';
import { loadable } from '@/lib/loadable';

// The thread header's "Remind me": the shared menu (src/components/reminders), whose code loads
// once the thread has painted, as the header's other menus do; the same button, not yet
// clickable, until it is there.
const menuCode = loadable(() => import('@/components/reminders/remind-me-menu'), { afterPaint: true });

export function RemindMeSlot({ conversationId }: { conversationId: string }) {
  const code = menuCode.use();
  if (code) return <code.RemindMeMenu kind="conversation" targetId={conversationId} compact />;
  return (
    <button
      type="button"
      disabled
      aria-label={REMIND_ME_LABEL}
      title={REMIND_ME_LABEL}
      aria-haspopup="menu"
      className={REMIND_TRIGGER}
    >
      <BellPlus size={14} aria-hidden />
      <ChevronDown size={14} aria-hidden className="hidden sm:block" />
    </button>
  );
}
