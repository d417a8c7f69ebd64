import { lazy, Suspense } from 'react';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster position="bottom-right" richColors closeButton />
    </Suspense>
  );
}
