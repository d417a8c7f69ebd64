/** The Prioritized Task Scheduling API's yield, where the browser has it (Chromium 129+). */
interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a later task, so the browser may paint or handle input between two pieces of work.
 * `scheduler.yield()` resumes ahead of other queued work; elsewhere a zero-delay timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}
