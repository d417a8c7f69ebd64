import type { FastifyInstance } from 'fastify';
import type { Dispatcher } from 'undici';
import type { SessionManager } from '../auth/sessions';
import { followAiAuthors } from '../authors/ai-authors';
import type { UserDirectory } from '../auth/users';
import type { Config, UpstreamConfig } from '../config';
import { registerEventStream, type StreamSettings } from '../events/event-stream';
import { streamAuth } from '../events/stream-auth';
import type { Store } from '../kv/store';
import { openStore, type TeamStore } from '../store/open-store';
import type { BusSettings, LiveSettings } from './live-settings';
import { startLive, type LiveService } from './live-service';
import type { SyncSettings } from './sync-settings';
import type { Timers } from './sync-worker';

// The live workspace inside the app: started with it, `GET /bff/events` registered, every stream
// ended before the server closes (an open stream would keep app.close() waiting), everything
// stopped (and the lease released) when it closes.

declare module 'fastify' {
  interface FastifyInstance {
    /** The live workspace, when the app was built with one (tests reach the model and the sync). */
    bffLive: LiveService | null;
  }
}

/** What buildApp's caller decides about the live workspace; settings come from the config. */
export interface LiveDeps {
  /** False: this instance never syncs, it only follows the bus (default: it competes for the lease). */
  readonly sync?: boolean;
  /** Overrides of config.live (tests use short intervals). */
  readonly settings?: {
    readonly sync?: Partial<SyncSettings>;
    readonly stream?: Partial<StreamSettings>;
    readonly bus?: Partial<BusSettings>;
  };
  readonly timers?: Timers;
}

export async function registerLive(
  app: FastifyInstance,
  deps: {
    readonly live: LiveDeps;
    readonly config: Config;
    readonly upstream: UpstreamConfig;
    readonly dispatcher: Dispatcher;
    readonly clock: () => number;
    readonly sessions: SessionManager;
    readonly users: UserDirectory;
    readonly store: Store;
    readonly cookieName: string;
    /** The team's database, where the workspace tables are; absent (tests of other rooms), an
     *  in-memory one of the app's own. */
    readonly database?: TeamStore | undefined;
    /** The workspace's AI agents: an outbound message sent while one answers is named after it. */
    readonly team: { readonly aiAgents: readonly { readonly id: string; readonly name: string }[] };
  },
): Promise<LiveService> {
  const own = deps.database === undefined ? await openStore({ kind: 'pglite', dataDir: null }) : null;
  const database = deps.database ?? own!;
  const base = deps.config.live;
  const over = deps.live.settings ?? {};
  const settings: LiveSettings = {
    sync: { ...base.sync, ...over.sync },
    stream: { ...base.stream, ...over.stream },
    bus: { ...base.bus, ...over.bus },
  };
  const live = await startLive({
    upstream: deps.upstream,
    dispatcher: deps.dispatcher,
    timeoutMs: deps.config.upstreamTimeoutMs,
    settings,
    log: app.log,
    clock: deps.clock,
    redisUrl: deps.config.redisUrl,
    redisTimeoutMs: deps.config.redisTimeoutMs,
    ...(deps.live.sync !== undefined ? { sync: deps.live.sync } : {}),
    ...(deps.live.timers ? { timers: deps.live.timers } : {}),
    db: database.db,
  });
  app.decorate('bffLive', live);
  registerEventStream(app, {
    bus: live.bus,
    hub: live.hub,
    auth: streamAuth({ ...deps, cookieName: deps.cookieName }),
    settings: settings.stream,
    upstreamStatus: () => live.upstreamStatus(),
    onViewer: () => live.viewerJoined(),
  });
  const unfollowAuthors = followAiAuthors({
    changes: live.changes.source('authors'),
    holds: () => live.lease.held,
    workspace: live.workspace,
    agents: deps.team.aiAgents,
    publish: live.publish,
    log: app.log,
    clock: deps.clock,
  });
  app.addHook('preClose', async () => live.hub.closeAll());
  app.addHook('onClose', async () => {
    unfollowAuthors();
    await live.stop({ release: true });
    await own?.close();
  });
  return live;
}
