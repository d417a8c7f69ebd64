/**
 * Resolves in a later task (a zero-delay timer), so the browser may paint or answer input between
 * two pieces of work.
 */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));
