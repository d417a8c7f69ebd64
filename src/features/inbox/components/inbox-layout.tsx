import { Outlet, useLocation, useParams } from '@tanstack/react-router';
import { AlertTriangle, X } from 'lucide-react';
import { Suspense, lazy, useCallback, useState } from 'react';
import { opensBesideList, useListShown } from '../inbox-panes';
import { useInboxShortcuts } from '../use-inbox-shortcuts';
import { usePlanLimit } from '../use-plan-limit';
import { ThreadList } from './thread-list';

// The help dialog (and Radix Dialog with it) loads when first asked for, not with the first screen.
const ShortcutsHelp = lazy(() => import('./shortcuts-help'));

/**
 * Three panes: threads | conversation | context (the last two come from the child route). On a
 * narrow window only one pane shows: the list, or the open thread with a way back.
 */
export function InboxLayout() {
  const pathname = useLocation({ select: (l) => l.pathname });
  const params = useParams({ strict: false });
  const activeId = 'conversationId' in params ? params.conversationId : undefined;
  const childOpen = opensBesideList(pathname);
  // A narrow window shows one pane: behind an open thread the list is not rendered at all.
  const listShown = useListShown(pathname);
  const [helpOpen, setHelpOpen] = useState(false);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  const [planLimit, dismissPlanLimit] = usePlanLimit();
  useInboxShortcuts({ activeId, onHelp: openHelp });

  return (
    <div className="flex h-full min-h-0 flex-col">
      {planLimit ? (
        <div
          role="alert"
          className="flex items-center gap-3 border-b border-border bg-warning-soft px-4 py-2 text-sm text-warning"
        >
          <AlertTriangle size={16} aria-hidden />
          <p className="flex-1">{planLimit}</p>
          <button
            type="button"
            onClick={dismissPlanLimit}
            aria-label="Dismiss"
            className="grid size-8 place-items-center rounded hover:bg-surface"
          >
            <X size={14} aria-hidden />
          </button>
        </div>
      ) : null}
      <div className="flex min-h-0 flex-1">
        <div
          className={`min-h-0 w-full shrink-0 flex-col border-r border-border md:flex md:w-80 lg:w-96 ${
            childOpen ? 'hidden' : 'flex'
          }`}
        >
          {listShown ? <ThreadList onHelp={openHelp} /> : null}
        </div>
        <div className={`min-h-0 min-w-0 flex-1 ${childOpen ? 'flex' : 'hidden md:flex'}`}>
          <Outlet />
        </div>
      </div>
      {helpOpen ? (
        <Suspense fallback={null}>
          <ShortcutsHelp open onOpenChange={setHelpOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
