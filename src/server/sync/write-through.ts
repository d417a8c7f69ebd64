import type { FastifyBaseLogger } from 'fastify';
import type { WriteListener } from '../proxy/proxy';
import { UpstreamError } from '../upstream/upstream-error';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { Outgoing } from './record-events';
import type { SyncReader } from './sync-context';
import { effectOf } from './write-effects';

// A successful write through the proxy, turned into events from the upstream's own answer (the
// table is write-effects.ts). Runs after the browser has its answer; a failure here is logged and
// the next read of the sync catches up.

type Write = Parameters<WriteListener>[0];

export async function applyWrite(
  write: Write,
  tools: {
    read: SyncReader;
    workspace: WorkspaceReader;
    publish(out: readonly Outgoing[]): Promise<void>;
    log: FastifyBaseLogger;
  },
): Promise<void> {
  const { route } = write;
  const effect = effectOf(route.id);
  if (effect === null) return;
  if (write.answer === null) {
    tools.log.info({ routeId: route.id }, 'write answer too large to copy: the sync will catch up');
    return;
  }
  let body: unknown = undefined;
  if (write.answer.length > 0) {
    try {
      body = JSON.parse(write.answer.toString('utf8'));
    } catch {
      tools.log.warn({ routeId: route.id }, 'write answer is not JSON: not applied');
      return;
    }
  }
  const parsed = route.response.safeParse(body);
  if (!parsed.success) {
    tools.log.warn({ routeId: route.id }, 'write answer does not fit the contract: not applied');
    return;
  }
  try {
    const events = await effect(
      { params: write.params, answer: parsed.data, requestBody: write.requestBody, actor: write.actor },
      { read: tools.read, workspace: tools.workspace },
    );
    await tools.publish(events.map((event) => ({ event })));
  } catch (error) {
    const detail = error instanceof UpstreamError ? { kind: error.kind } : { err: error };
    tools.log.warn({ routeId: route.id, ...detail }, 'write effect failed: the sync will catch up');
  }
}
