import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { EVENTS_PATH, type LiveEvent } from '../../contract/events';
import { sendBffError, sendRetryLater } from '../bff-error';
import type { BusEvent, EventBus } from './bus';
import type { StreamAuth } from './stream-auth';
import { HEARTBEAT_FRAME, sseFrame, StreamHub, type HubStream } from './stream-hub';

// `GET /bff/events`: the live stream as server-sent events (docs/live-sync.md, "The stream").

export interface StreamSettings {
  /** A comment line this often keeps proxies and the socket idle timeout from cutting the stream,
   *  and is when the session is checked (EVENTS_HEARTBEAT_MS). */
  readonly heartbeatMs: number;
  /** Open streams one session may hold on this instance (EVENTS_STREAMS_PER_SESSION). */
  readonly streamsPerSession: number;
  /** A stream whose socket holds more unsent bytes is dropped (EVENTS_MAX_BUFFERED_BYTES). */
  readonly maxBufferedBytes: number;
}

export const DEFAULT_STREAM_SETTINGS: StreamSettings = {
  heartbeatMs: 15_000,
  streamsPerSession: 6,
  maxBufferedBytes: 256 * 1024,
};

export interface EventStreamOptions {
  readonly bus: EventBus;
  readonly hub: StreamHub;
  readonly auth: StreamAuth;
  readonly settings: StreamSettings;
  /** Whether the upstream can be read, sent first on every connect. */
  upstreamStatus(): Extract<LiveEvent, { type: 'upstream.status' }>;
  /** A browser connected (the sync reads faster while anyone watches). */
  onViewer?(): void;
}

/** Events published while a stream replays wait for it; more than this and it starts over. */
const MAX_PENDING = 10_000;
const MAX_ID_LENGTH = 200;
/**
 * What a bus id is made of (the memory bus: base64url and a number; Redis: `<ms>-<seq>`). The id a
 * client sends is echoed on the stream's first `id:` line and handed to the bus, so anything else
 * is refused before either: a newline in it would end that line and forge frames on the stream.
 * A 400, not "no id": a browser's EventSource only ever sends back an id this server wrote, so
 * only a hand-made client sends another, and it learns why instead of silently missing events.
 */
const ID_SHAPE = /^[\w.:-]+$/;
/** How long a browser should wait before reconnecting (the `retry:` field). */
const RECONNECT_MS = 2_000;

export function registerEventStream(app: FastifyInstance, opts: EventStreamOptions): void {
  const { bus, hub, auth, settings } = opts;
  const perSession = new Map<string, number>();

  app.get(EVENTS_PATH, async (request, reply) => {
    const user = await auth.authenticate(request);
    if (user === null) return sendBffError(reply, 401, 'Sign in required');
    const header = request.headers['last-event-id'];
    const query = (request.query as { lastEventId?: unknown } | undefined)?.lastEventId;
    const lastEventId =
      (typeof header === 'string' && header) || (typeof query === 'string' && query) || null;
    if (lastEventId !== null && lastEventId.length > MAX_ID_LENGTH)
      return sendBffError(reply, 400, [`lastEventId must have at most ${MAX_ID_LENGTH} characters`]);
    if (lastEventId !== null && !ID_SHAPE.test(lastEventId))
      return sendBffError(reply, 400, ['lastEventId must be an event id (letters, digits, -, _, . and :)']);
    const open = perSession.get(user.sessionKey) ?? 0;
    if (open >= settings.streamsPerSession)
      return sendRetryLater(reply, 429, RECONNECT_MS * 5, 'Too many live streams are open for this session');
    perSession.set(user.sessionKey, open + 1);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });

    let live = false;
    /** Events that came while the replay was written, and the bytes of their frames for this user. */
    const pending: { readonly event: BusEvent; readonly bytes: number }[] = [];
    let pendingBytes = 0;
    const sent = new Set<string>();
    const frameBytes = (event: BusEvent): number => {
      const frame = StreamHub.audienceAllows(event, user.username) ? hub.frameOf(event) : null;
      return frame === null ? 0 : Buffer.byteLength(frame);
    };
    /** Writes an event this user may see; a replay waits for the socket to drain when it is full. */
    const send = async (event: BusEvent, wait: boolean): Promise<boolean> => {
      if (!StreamHub.audienceAllows(event, user.username)) return true;
      const frame = hub.frameOf(event);
      if (frame === null) return true;
      const state = hub.write(stream, frame);
      if (state === 'full' && wait)
        await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
      return state !== 'gone' && !res.destroyed;
    };
    const stream: HubStream = {
      username: user.username,
      res,
      deliver: (event) => {
        if (live) return void send(event, false);
        const bytes = frameBytes(event);
        pending.push({ event, bytes });
        pendingBytes += bytes;
        // What waits for this client counts against the same bound as what its socket holds: a
        // client that stops reading during its replay is dropped like one that stops later, instead
        // of holding its stream open while live events pile up behind the replay.
        if (pending.length > MAX_PENDING || pendingBytes + res.writableLength > settings.maxBufferedBytes) {
          if (!res.destroyed)
            request.log.info(
              { buffered: res.writableLength, pending: pendingBytes },
              'live stream dropped: the client reads too slowly to finish its replay',
            );
          res.destroy();
        }
      },
    };
    let heartbeat: ReturnType<typeof setInterval> | null = null;
    const cleanup = (): void => {
      if (heartbeat !== null) clearInterval(heartbeat);
      heartbeat = null;
      hub.remove(stream);
      const left = (perSession.get(user.sessionKey) ?? 1) - 1;
      if (left > 0) perSession.set(user.sessionKey, left);
      else perSession.delete(user.sessionKey);
    };
    res.once('close', cleanup);
    hub.add(stream);
    opts.onViewer?.();

    try {
      hub.write(stream, `retry: ${RECONNECT_MS}\n\n`);
      const position = lastEventId ?? (await bus.lastId());
      hub.write(stream, sseFrame(position, opts.upstreamStatus()));
      if (lastEventId !== null) {
        const replay = await bus.replayAfter(lastEventId);
        if (replay.kind === 'gap') {
          hub.write(stream, sseFrame(await bus.lastId(), { type: 'resync', reason: 'gap' }));
        } else {
          for (const event of replay.events) {
            sent.add(event.id);
            if (!(await send(event, true))) return;
          }
        }
      }
      // Events that arrived during the replay, in order; more may arrive while this waits.
      while (pending.length > 0) {
        const { event, bytes } = pending.shift()!;
        pendingBytes -= bytes;
        if (!sent.has(event.id) && !(await send(event, true))) return;
      }
      sent.clear();
      live = true;
    } catch (error) {
      request.log.warn({ err: error }, 'live stream could not start');
      res.destroy();
      return;
    }

    heartbeat = setInterval(() => {
      if (hub.write(stream, HEARTBEAT_FRAME) === 'gone') return;
      auth.sessionAlive(user.sessionKey).then(
        (alive) => {
          if (!alive) res.end();
        },
        () => undefined,
      );
    }, settings.heartbeatMs);
    heartbeat.unref();
  });
}
