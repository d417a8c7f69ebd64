import type { AddressInfo } from 'node:net';
import type { LiveEvent } from '../src/contract';
import { buildApp } from '../src/server/app';
import { hashPassword } from '../src/server/auth/password';
import { SessionManager } from '../src/server/auth/sessions';
import { UserDirectory } from '../src/server/auth/users';
import { parseConfig } from '../src/server/config';
import { MemoryStore } from '../src/server/kv/memory-store';
import { EMPTY_TEAM } from '../src/server/team';

// The BFF that live-streams.ts measures, in its own process (run with --expose-gc): the live
// workspace without the sync (the events come from the benchmark), sessions made through the
// session manager directly (a thousand sign-ins would meet the sign-in throttle and cost scrypt).

const USER = 'bench@example.test';

const event = (seq: number): LiveEvent => ({
  type: 'conversation.upserted',
  conversation: {
    id: '6f1c7a52-3c1e-4a8f-9b0e-2d7a1c9e4b10',
    channel_id: 'c0000000-0000-4000-8000-000000000001',
    external_thread_id: String(seq),
    status: 'open',
    contact_id: null,
    customer_id: null,
    lead_id: null,
    assigned_to_user_id: 'a0000000-0000-4000-8000-000000000001',
    last_message_at: new Date().toISOString(),
    is_group: false,
    group_subject: null,
    group_participant_count: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: new Date().toISOString(),
  },
});

const memory = () => {
  global.gc?.();
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, rss: m.rss };
};

async function main(): Promise<void> {
  const sessionCount = Number(process.argv[2] ?? 100);
  const config = parseConfig({
    SOCIAL_BASE_URL: 'http://127.0.0.1:9/social/api',
    CRM_BASE_URL: 'http://127.0.0.1:9/crm/api',
    API_KEY: 'bench-key',
    TENANT_ID: '11111111-1111-4111-8111-111111111111',
    STATIC_DIR: '/nonexistent',
    USERS_FILE: '/unused',
    LOG_LEVEL: 'warn',
  });
  const store = new MemoryStore(Date.now);
  const users = new UserDirectory([
    {
      username: USER,
      displayName: 'Bench',
      role: 'agent',
      upstreamUserId: 'a0000000-0000-4000-8000-000000000001',
      passwordHash: await hashPassword('bench-password'),
    },
  ]);
  const app = await buildApp({
    config,
    upstream: config.upstream!,
    team: EMPTY_TEAM,
    users,
    store,
    live: { sync: false, settings: { stream: { streamsPerSession: 100 } } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const sessions = new SessionManager(store);
  const cookies = await Promise.all(
    Array.from({ length: sessionCount }, async () => `sid=${await sessions.create(USER)}`),
  );
  process.send?.({ port: (app.server.address() as AddressInfo).port, cookies, memory: memory() });
  process.on('message', (m: { publish?: number[]; memory?: boolean; streams?: boolean }) => {
    if (m.publish) void app.bffLive!.bus.publish(m.publish.map((seq) => ({ event: event(seq) })));
    if (m.memory) process.send?.({ memory: memory(), streams: app.bffLive!.hub.size });
  });
}

process.once('SIGTERM', () => process.exit(0));
if (process.send) void main();
