// Toasts, loaded on demand: sonner stays out of the first screen's JavaScript. The app's
// LazyToaster mounts sonner's Toaster on the first toast; sonner only shows toasts raised after its
// Toaster subscribed, so each toast waits until the Toaster says it is mounted.
type ToastAction = { label: string; onClick: () => void };
interface NotifyOptions {
  description?: string;
  action?: ToastAction;
  id?: string;
  duration?: number;
}

let resolveMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  resolveMounted = resolve;
});
const mountRequests = new Set<() => void>();
let wanted = false;

/** The toaster's side of the handshake (used by LazyToaster only). */
export const toasterSignal = {
  get wanted() {
    return wanted;
  },
  onMountRequest(listener: () => void) {
    mountRequests.add(listener);
    return () => mountRequests.delete(listener);
  },
  mounted: () => resolveMounted(),
};

function ensureToaster(): Promise<void> {
  wanted = true;
  mountRequests.forEach((listener) => listener());
  return mounted;
}

async function show(kind: 'success' | 'error' | 'info', message: string, options?: NotifyOptions) {
  const [{ raise }] = await Promise.all([import('./toast'), ensureToaster()]);
  raise(kind, message, options);
}

export const notify = {
  success(message: string, options?: NotifyOptions) {
    void show('success', message, options);
  },
  error(message: string, options?: NotifyOptions) {
    void show('error', message, options);
  },
  info(message: string, options?: NotifyOptions) {
    void show('info', message, options);
  },
};
