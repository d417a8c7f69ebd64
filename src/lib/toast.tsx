import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { afterNextPaint } from './loadable';

// sonner and what the app does with it, in one file loaded on the first toast (see notify.ts): the
// toaster that shows toasts, and `raise`, which hands it one.

type ToastOptions = Parameters<typeof toast>[1];

/**
 * Raises a toast after the next paint. The change a toast confirms shows first: a lead's card in
 * its new column, when the upstream's answer came back within the same frame, waited for the
 * toast's render before it could paint.
 */
export function raise(kind: 'success' | 'error' | 'info', message: string, options?: ToastOptions): void {
  afterNextPaint(() => {
    if (kind === 'info') toast(message, options);
    else toast[kind](message, options);
  });
}

/** sonner's toaster, saying when it is mounted: it only shows toasts raised after that. */
export function MountedToaster({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return <Toaster position="bottom-right" closeButton theme="system" />;
}
