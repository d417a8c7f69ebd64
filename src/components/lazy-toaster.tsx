import { lazy, Suspense, useEffect, useState } from 'react';
import { toasterSignal } from '@/lib/notify';

// Mounted on the first toast (see lib/notify), so sonner is not part of the first screen's JavaScript.
const Toaster = lazy(() =>
  import('sonner').then((m) => ({
    default: function MountedToaster() {
      useEffect(() => toasterSignal.mounted(), []);
      return <m.Toaster position="bottom-right" closeButton theme="system" />;
    },
  })),
);

export function LazyToaster() {
  const [show, setShow] = useState(toasterSignal.wanted);
  useEffect(() => {
    const stop = toasterSignal.onMountRequest(() => setShow(true));
    if (toasterSignal.wanted) setShow(true);
    return () => {
      stop();
    };
  }, []);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
