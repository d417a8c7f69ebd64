import { lazy, Suspense, useEffect, useState } from 'react';
import { toasterSignal } from '@/lib/notify';

// Mounted on the first toast (see lib/notify), so sonner is not part of the first screen's JavaScript.
// The same file as the toast's `raise`: the first toast downloads one file.
const Toaster = lazy(() => import('@/lib/toast').then((m) => ({ default: m.MountedToaster })));

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
      <Toaster onMounted={toasterSignal.mounted} />
    </Suspense>
  );
}
