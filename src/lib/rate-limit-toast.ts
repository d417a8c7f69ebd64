import { notify } from './notify';
import { rateGate, type RateGate } from './rate-limit';

/**
 * While the server's rate limit holds the app's calls back, a toast says so (one, updated in place):
 * they are waited out and sent again, nothing is lost, so a slower screen does not look broken.
 * Through the lazy toaster, so none of it weighs on the first screen. Returns the unsubscribe.
 */
export function announceRateLimits(gate: RateGate = rateGate): () => void {
  return gate.subscribe(() => {
    const until = gate.heldUntil();
    if (until === null) return;
    const left = until - Date.now();
    notify.info('Many requests at once: the server asked us to wait', {
      id: 'rate-limit',
      description: `Going on in ${String(Math.max(1, Math.ceil(left / 1000)))} s. Nothing is lost.`,
      duration: left + 1_500,
    });
  });
}
