import { toast } from 'sonner';
import { afterNextPaint } from './loadable';

type ToastOptions = Parameters<typeof toast>[1];

/**
 * Raises a toast after the next paint (loaded with sonner, on the first toast). The change a toast
 * confirms shows first: a lead's card in its new column, when the upstream's answer came back
 * within the same frame, waited for the toast's render before it could paint.
 */
export function raise(kind: 'success' | 'error' | 'info', message: string, options?: ToastOptions): void {
  afterNextPaint(() => {
    if (kind === 'info') toast(message, options);
    else toast[kind](message, options);
  });
}
