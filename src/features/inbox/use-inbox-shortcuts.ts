import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';

export const COMPOSER_ID = 'inbox-composer';

/**
 * Asks the open thread's snooze menu to open (z). A Radix menu opens on a pointer or a key on its
 * button, not on a scripted click, so the menu listens for this instead and cancels it when it opens.
 */
export const OPEN_SNOOZE_MENU = 'inbox:open-snooze-menu';

/** Typing in a field is never a shortcut; a ticked box (a row's, for bulk actions) takes no text. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return target.type !== 'checkbox' && target.type !== 'radio';
  const tag = target.tagName;
  return tag === 'TEXTAREA' || tag === 'SELECT';
}

/** Thread rows in screen order, read from the DOM so the shortcut follows whatever list is shown. */
const rowIds = () =>
  [...document.querySelectorAll<HTMLElement>('[data-thread-row]')].map((el) => el.dataset['threadRow'] ?? '');

/**
 * j/k (or ↓/↑ while no other widget wants the arrows) move between threads, r or / focus the
 * composer, z opens the snooze menu, ? opens the help. Keys typed in a field, or with a modifier, are
 * left alone.
 */
export function useInboxShortcuts({
  activeId,
  onHelp,
}: {
  activeId: string | undefined;
  onHelp: () => void;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      // Arrows only when focus is on the page or the thread list: elsewhere they scroll or choose.
      const target = event.target instanceof HTMLElement ? event.target : null;
      const arrowsFree = !target || target === document.body || target.closest('[data-thread-row]') !== null;
      let step = 0;
      if (event.key === 'j' || (event.key === 'ArrowDown' && arrowsFree)) step = 1;
      else if (event.key === 'k' || (event.key === 'ArrowUp' && arrowsFree)) step = -1;
      if (step !== 0) {
        const ids = rowIds();
        if (ids.length === 0) return;
        const index = activeId ? ids.indexOf(activeId) : -1;
        const next =
          ids[
            index === -1
              ? step > 0
                ? 0
                : ids.length - 1
              : Math.min(ids.length - 1, Math.max(0, index + step))
          ];
        if (!next) return;
        event.preventDefault();
        void navigate({ to: '/inbox/$conversationId', params: { conversationId: next }, search: true });
        requestAnimationFrame(() =>
          document
            .querySelector<HTMLElement>(`[data-thread-row="${next}"] a`)
            ?.focus({ preventScroll: false }),
        );
        return;
      }
      if (event.key === 'r' || event.key === '/') {
        const composer = document.getElementById(COMPOSER_ID);
        if (composer) {
          event.preventDefault();
          composer.focus();
        }
        return;
      }
      if (event.key === 'u' && activeId) {
        // The open thread's own button does it (back to the list first), so the two never differ.
        document.querySelector<HTMLButtonElement>('[data-mark-unread]')?.click();
        return;
      }
      if (event.key === 'z' && activeId) {
        // Nothing listens on a thread that cannot snooze (closed, or snoozed already): the key is let be.
        const opened = !document.dispatchEvent(new Event(OPEN_SNOOZE_MENU, { cancelable: true }));
        if (opened) event.preventDefault();
        return;
      }
      if (event.key === '?') {
        event.preventDefault();
        onHelp();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [activeId, navigate, onHelp]);
}
