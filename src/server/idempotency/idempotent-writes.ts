import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import type { BodyOf } from '../../contract/routes';
import { actorOf } from '../auth/write-actor';
import { sendBffError } from '../bff-error';
import type { UpstreamClient } from '../upstream/upstream-client';
import { findCreated, findSent } from './find-created';
import { fingerprint, KEY_RULE, parseKey } from './idempotency-key';
import type { IdempotencyRepository, KeyName, KeyRecord } from './idempotency-repository';
import { KeyedAttempts, type ForwardTarget, type KeyedWriteListener } from './keyed-attempts';
import { sendAnswer, sendOutcomeUnknown } from './keyed-replies';
import { isLookupRoute, LOOKUP_CREATES, type LookupCreate } from './same-record';

// Sends and creates with an Idempotency-Key (docs/api-assumptions.md, "Idempotency of sends and
// creates"). The upstream has no such key, so the BFF keeps it: recorded before forwarding, the
// answer after. When the upstream is slower than UPSTREAM_TIMEOUT_MS, the browser is told the
// outcome is unknown (504, `outcome: "unknown"`) while the BFF keeps waiting for the late answer
// and records it. A repeat gets the recorded answer; while unresolved, the record is looked up
// upstream; only when the lookup proves it absent and the first attempt is surely over (answered,
// or the grace after it has passed) is it sent again, by one instance.

export interface IdempotentWritesOptions {
  readonly repository: IdempotencyRepository;
  /** Lookups of what a lost answer made. */
  readonly upstream: Pick<UpstreamClient, 'call'>;
  readonly dispatcher: Dispatcher;
  readonly apiKey: string;
  readonly tenantId: string;
  /** UPSTREAM_TIMEOUT_MS: the browser hears "unknown" after this. */
  readonly timeoutMs: number;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
  /** How long the BFF waits for a late answer (10 x the timeout by default). */
  readonly lateAnswerMs?: number;
  /** How long a key is kept (24 h by default). */
  readonly lifetimeMs?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Past the late-answer wait, this much more before a lost attempt counts as surely over. */
const GRACE_MARGIN_MS = 5_000;
const PURGE_EVERY_MS = 60_000;
export class IdempotentWrites {
  private lastPurge = 0;
  private readonly lateAnswerMs: number;
  private readonly lifetimeMs: number;
  private readonly attempts: KeyedAttempts;

  constructor(private readonly opts: IdempotentWritesOptions) {
    this.lateAnswerMs = opts.lateAnswerMs ?? opts.timeoutMs * 10;
    this.lifetimeMs = opts.lifetimeMs ?? DAY_MS;
    this.attempts = new KeyedAttempts({ ...opts, lateAnswerMs: this.lateAnswerMs });
  }

  /** Routes whose lost answer can be looked up; a key sent with any other route is ignored. */
  covers(routeId: string): boolean {
    return isLookupRoute(routeId);
  }

  /** After this long without an answer, an attempt is surely over. */
  get graceMs(): number {
    return this.lateAnswerMs + GRACE_MARGIN_MS;
  }

  async handle(
    request: FastifyRequest,
    reply: FastifyReply,
    target: ForwardTarget,
    header: string | string[] | undefined,
    onWrite: KeyedWriteListener | undefined,
  ): Promise<FastifyReply> {
    const parsed = parseKey(header);
    if (parsed.kind === 'bad') return sendBffError(reply, 400, [KEY_RULE]);
    const user = request.bffUser;
    if (parsed.kind === 'none' || user === null) return sendBffError(reply, 400, [KEY_RULE]);
    const name: KeyName = { username: user.username, key: parsed.key };
    const { repository, clock } = this.opts;
    const now = clock();
    this.purgeNowAndThen(now);
    const print = fingerprint(target.route.id, target.params, request.body);
    const begun = await repository.begin(
      name,
      { routeId: target.route.id, fingerprint: print },
      now,
      this.lifetimeMs,
    );
    if (begun.fresh) return this.attempt(request, reply, name, target, now, onWrite);
    const record = begun.record;
    if (record.routeId !== target.route.id || record.fingerprint !== print)
      return sendBffError(
        reply,
        422,
        'This Idempotency-Key was already used for a different request: a new request needs a new key',
      );
    if (record.state === 'done' && record.status !== null && record.answer !== null)
      return sendAnswer(reply, { status: record.status, text: record.answer, outcome: 'replayed' });
    return this.resolve(request, reply, name, record, target, onWrite);
  }

  /** An unresolved key: what the lost answer made, else (once surely over) a new attempt. */
  private async resolve(
    request: FastifyRequest,
    reply: FastifyReply,
    name: KeyName,
    record: KeyRecord,
    target: ForwardTarget,
    onWrite: KeyedWriteListener | undefined,
  ): Promise<FastifyReply> {
    const { repository, clock, log } = this.opts;
    const lookup = this.lookupFor(name, target, request.body, record.firstAt);
    if (lookup === null) {
      log.warn({ routeId: target.route.id }, 'keyed send without a thread: its outcome cannot be looked up');
      // Until the attempt is surely over, its late answer may still come and be recorded.
      if (record.state !== 'over' && clock() < record.attemptAt + this.graceMs)
        return sendOutcomeUnknown(reply);
      return sendBffError(
        reply,
        409,
        'Whether this was sent is not known and cannot be checked: look at the conversation before sending again',
      );
    }
    let found: { id: string } | null;
    try {
      found = await lookup();
    } catch (error) {
      log.warn({ routeId: target.route.id, err: error }, 'lookup of a lost answer failed');
      return sendOutcomeUnknown(reply);
    }
    if (found !== null) {
      const text = JSON.stringify(found);
      if (await repository.done(name, target.route.status, text, found.id))
        onWrite?.({
          route: target.route,
          params: target.params,
          actor: actorOf(request),
          requestBody: request.body,
          answer: Buffer.from(text),
        });
      return sendAnswer(reply, { status: target.route.status, text, outcome: 'found' });
    }
    const now = clock();
    const surelyOver = record.state === 'over' || now >= record.attemptAt + this.graceMs;
    if (!surelyOver || !(await repository.retake(record, now))) return sendOutcomeUnknown(reply);
    log.info({ routeId: target.route.id }, 'a lost send was not made upstream: sending it again');
    return this.attempt(request, reply, name, target, now, onWrite);
  }

  /** The lookup for this route, or null when nothing identifies where to look. */
  private lookupFor(
    name: KeyName,
    target: ForwardTarget,
    body: unknown,
    since: number,
  ): (() => Promise<{ id: string } | null>) | null {
    const { upstream, repository } = this.opts;
    const scope = { since, taken: (id: string) => repository.claimedByOther(name, id) };
    const id = target.route.id;
    if ((LOOKUP_CREATES as readonly string[]).includes(id))
      return () => findCreated(upstream, id as LookupCreate, body as BodyOf<LookupCreate>, scope);
    if (id === 'messages.sendText') {
      const thread = target.params['id'];
      if (thread === undefined) return null;
      return () => findSent(upstream, thread, body as BodyOf<'messages.sendText'>, scope);
    }
    if (id === 'conversations.send') {
      const send = body as BodyOf<'conversations.send'>;
      const thread = send.conversationId;
      if (thread === undefined) return null;
      return () => findSent(upstream, thread, send, scope);
    }
    return null;
  }

  /** Sends once; answers the browser with the answer, or "unknown" at the timeout while still waiting. */
  private async attempt(
    request: FastifyRequest,
    reply: FastifyReply,
    name: KeyName,
    target: ForwardTarget,
    attemptAt: number,
    onWrite: KeyedWriteListener | undefined,
  ): Promise<FastifyReply> {
    const settled = this.attempts.run(request, name, target, attemptAt, onWrite);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.opts.timeoutMs);
    });
    const first = await Promise.race([settled, timedOut]);
    clearTimeout(timer);
    if (first === null) return sendOutcomeUnknown(reply);
    if (first.kind === 'unknown') return sendOutcomeUnknown(reply);
    if (first.kind === 'unreachable')
      return sendBffError(reply, 502, 'The upstream service could not be reached');
    return sendAnswer(reply, first.answer);
  }

  private purgeNowAndThen(now: number): void {
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    this.opts.repository
      .purge(now)
      .catch((error: unknown) => this.opts.log.warn({ err: error }, 'expired idempotency keys not purged'));
  }
}
