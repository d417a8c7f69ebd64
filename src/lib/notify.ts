// Toasts, loaded on demand: sonner stays out of the first screen's JavaScript. The Toaster itself is
// mounted lazily by the root layout; by the time anyone acts, it is there.
type ToastAction = { label: string; onClick: () => void };
interface NotifyOptions {
  description?: string;
  action?: ToastAction;
  id?: string;
  duration?: number;
}

const load = () => import('sonner');

export const notify = {
  success(message: string, options?: NotifyOptions) {
    void load().then(({ toast }) => toast.success(message, options));
  },
  error(message: string, options?: NotifyOptions) {
    void load().then(({ toast }) => toast.error(message, options));
  },
  info(message: string, options?: NotifyOptions) {
    void load().then(({ toast }) => toast(message, options));
  },
};
