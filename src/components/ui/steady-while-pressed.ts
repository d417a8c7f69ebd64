import { useState, useSyncExternalStore } from 'react';

/*
 * A click is a press and a release on the same element. A field that checks its value on blur
 * shows its error the moment the pointer goes down elsewhere (the press moves focus), pushing what
 * is below it down, so the release lands on something else and the click is lost. Layout that
 * depends on such changes waits until the pointer is released.
 */

let pressed = false;
const listeners = new Set<() => void>();

function setPressed(value: boolean) {
  if (pressed === value) return;
  pressed = value;
  for (const listener of listeners) listener();
}

let installed = false;
function install() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('pointerdown', () => setPressed(true), true);
  // After the click that follows the release has been dispatched to where the press began.
  const release = () => setTimeout(() => setPressed(false), 0);
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
}

function subscribe(listener: () => void) {
  install();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const usePointerPressed = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => pressed,
    () => false,
  );

/** `value`, except that while a pointer is pressed it stays what it was before the press. */
export function useSteadyWhilePressed<T>(value: T): T {
  const held = usePointerPressed();
  const [shown, setShown] = useState(value);
  if (!held && !Object.is(shown, value)) setShown(value);
  return held ? shown : value;
}
