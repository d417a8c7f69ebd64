import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Tag } from 'lucide-react';
import { LabelChips } from '@/components/labels/label-chips';
import { LABEL_MENU_LABEL, LABEL_TRIGGER } from '@/components/labels/label-trigger';
import { labelsQuery, threadLabelsQuery } from '@/data/labels';
import { loadable } from '@/lib/loadable';

// The thread header's labels: its chips beside the names, and the menu (its code, with Radix's
// popover, loaded after the thread has painted, as the header's other menus).

const menuCode = loadable(() => import('@/components/labels/label-menu'), { afterPaint: true });

export function ThreadLabelChips({ conversationId }: { conversationId: string }) {
  const labels = useQuery(labelsQuery()).data;
  const ids = useQuery(threadLabelsQuery(conversationId)).data;
  return <LabelChips ids={ids} labels={labels} />;
}

export function LabelMenuSlot({ conversationId }: { conversationId: string }) {
  const code = menuCode.use();
  if (code) return <code.LabelMenu conversationId={conversationId} />;
  return (
    <button
      type="button"
      disabled
      aria-label={LABEL_MENU_LABEL}
      title={LABEL_MENU_LABEL}
      className={LABEL_TRIGGER}
    >
      <Tag size={14} aria-hidden />
      <ChevronDown size={14} aria-hidden className="hidden sm:block" />
    </button>
  );
}
