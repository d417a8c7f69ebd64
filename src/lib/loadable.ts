import { useEffect, useSyncExternalStore } from 'react';

/**
 * Code loaded on demand and rendered without Suspense. React holds back the content of a Suspense
 * boundary whose fallback has just shown (a few hundred milliseconds, so screens do not flicker):
 * the lead board, lazy behind its skeleton, painted 300 ms after its data and code had arrived. A
 * screen that draws its own placeholder uses this instead: `use()` is undefined until the module is
 * there, then the component re-renders at once. A module that fails to load throws in render, for
 * the route's error screen, as React.lazy would.
 *
 * Outside render, `preload()` starts the download (it never rejects) and `current()` is the module
 * once it is there, or undefined: code that has a fallback until then (a cache writer, an alert).
 *
 * `afterPaint`: for what the screen can show a moment later (menus behind their buttons, a
 * drawer): the download starts once the screen has painted, so it neither delays that paint nor
 * shares the network with what the screen is waiting for.
 */
export function loadable<T>(load: () => Promise<T>, opts: { afterPaint?: boolean } = {}) {
  let loaded: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
  let pending: Promise<void> | undefined;
  const waiting = new Set<() => void>();
  const settle = (outcome: NonNullable<typeof loaded>) => {
    loaded = outcome;
    waiting.forEach((rerender) => rerender());
  };
  const preload = () =>
    (pending ??= load().then(
      (value) => settle({ ok: true, value }),
      (error: unknown) => settle({ ok: false, error }),
    ));
  const subscribe = (rerender: () => void) => {
    waiting.add(rerender);
    return () => waiting.delete(rerender);
  };
  const snapshot = () => loaded;
  /** `enabled: false` waits: nothing loads until a render asks with it true. */
  function useLoaded(enabled = true): T | undefined {
    // A store, not an effect that re-renders once the download ends: a render in slices (a
    // transition) can end before the module arrives and commit after, and an effect would find the
    // module there and never show it. React checks a store's value again when it commits.
    const state = useSyncExternalStore(subscribe, snapshot);
    useEffect(() => {
      if (loaded || !enabled) return;
      let live = true;
      const start = () => {
        if (live) void preload();
      };
      if (opts.afterPaint && !pending) afterNextPaint(start);
      else start();
      return () => {
        live = false;
      };
    }, [enabled]);
    if (state && !state.ok) throw state.error;
    return state?.value;
  }
  const current = (): T | undefined => (loaded?.ok ? loaded.value : undefined);
  return { preload, use: useLoaded, current };
}

/** Runs `run` in a task after the next frame has painted. */
export function afterNextPaint(run: () => void): void {
  if (typeof requestAnimationFrame !== 'function') setTimeout(run, 0);
  else requestAnimationFrame(() => setTimeout(run, 0));
}
