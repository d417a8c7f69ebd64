import { useEffect, useReducer } from 'react';

/**
 * Code loaded on demand and rendered without Suspense. React holds back the content of a Suspense
 * boundary whose fallback has just shown (up to 300 ms, so screens do not flicker): the lead board,
 * lazy behind its skeleton, painted 300 ms after its data and code had arrived. A screen that draws
 * its own placeholder uses this instead: `use()` is undefined until the module is there, then the
 * component re-renders at once. A module that fails to load throws in render, for the route's
 * error screen, as React.lazy would.
 */
export function loadable<T>(load: () => Promise<T>) {
  let loaded: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (value) => {
        loaded = { ok: true, value };
      },
      (error: unknown) => {
        loaded = { ok: false, error };
      },
    ));
  function useLoaded(): T | undefined {
    const [, rerender] = useReducer((n: number) => n + 1, 0);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      void preload().then(() => {
        if (live) rerender();
      });
      return () => {
        live = false;
      };
    }, []);
    if (loaded && !loaded.ok) throw loaded.error;
    return loaded?.value;
  }
  return { preload, use: useLoaded };
}
