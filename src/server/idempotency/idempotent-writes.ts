import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { request as undiciRequest, type Dispatcher } from 'undici';
import type { BodyOf, RouteDef } from '../../contract/routes';
import { errorBody, sendBffError } from '../bff-error';
import type { UpstreamClient } from '../upstream/upstream-client';
import { findCreated, findSent } from './find-created';
import { fingerprint, KEY_RULE, OUTCOME_HEADER, parseKey } from './idempotency-key';
import type { IdempotencyRepository, KeyName, KeyRecord } from './idempotency-repository';
import { isLookupRoute, LOOKUP_CREATES, type LookupCreate } from './same-record';

// Sends and creates with an Idempotency-Key (docs/api-assumptions.md, "Idempotency of sends and
// creates"). The upstream has no such key, so the BFF keeps it: recorded before forwarding, the
// answer after. When the upstream is slower than UPSTREAM_TIMEOUT_MS, the browser is told the
// outcome is unknown (504, `outcome: "unknown"`) while the BFF keeps waiting for the late answer
// and records it. A repeat gets the recorded answer; while unresolved, the record is looked up
// upstream; only when the lookup proves it absent and the first attempt is surely over (answered,
// or the grace after it has passed) is it sent again, by one instance.

export interface ForwardTarget {
  readonly route: RouteDef;
  readonly params: Readonly<Record<string, string>>;
  readonly url: string;
}

/** The proxy's write-through listener (proxy.ts), told of a keyed write's answer too. */
export type KeyedWriteListener = (write: {
  readonly route: RouteDef;
  readonly params: Readonly<Record<string, string>>;
  readonly requestBody: unknown;
  readonly answer: Buffer | null;
}) => void;

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
/** A failure to connect: the request never left, so nothing was made. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

interface Answer {
  readonly status: number;
  readonly text: string;
  readonly outcome?: 'replayed' | 'found';
}

type Settled =
  | { readonly kind: 'answer'; readonly answer: Answer }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'unreachable' };

const errorCode = (error: unknown): string | undefined => {
  const own = (error as { code?: unknown } | null)?.code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
};

const recordIdOf = (text: string): string | null => {
  try {
    const id = (JSON.parse(text) as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
};

export function sendOutcomeUnknown(reply: FastifyReply): FastifyReply {
  return reply
    .code(504)
    .header('x-bff-error', '1')
    .header('cache-control', 'no-store')
    .header(OUTCOME_HEADER, 'unknown')
    .header('retry-after', '1')
    .type('application/json; charset=utf-8')
    .send({
      ...errorBody(
        504,
        'The upstream service has not confirmed this yet; ask again with the same Idempotency-Key to learn the outcome',
      ),
      outcome: 'unknown',
    });
}

export class IdempotentWrites {
  private lastPurge = 0;
  private readonly lateAnswerMs: number;
  private readonly lifetimeMs: number;

  constructor(private readonly opts: IdempotentWritesOptions) {
    this.lateAnswerMs = opts.lateAnswerMs ?? opts.timeoutMs * 10;
    this.lifetimeMs = opts.lifetimeMs ?? DAY_MS;
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
      return this.answer(reply, { status: record.status, text: record.answer, outcome: 'replayed' });
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
          requestBody: request.body,
          answer: Buffer.from(text),
        });
      return this.answer(reply, { status: target.route.status, text, outcome: 'found' });
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
    const settled = this.forward(request, target).then(
      (answer) => this.settle(request, name, target, attemptAt, answer, onWrite),
      (error: unknown) => this.lose(name, target, attemptAt, error),
    );
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
    return this.answer(reply, first.answer);
  }

  private async forward(request: FastifyRequest, target: ForwardTarget): Promise<Answer> {
    const response = await undiciRequest(target.url, {
      method: 'POST',
      headers: {
        'x-api-key': this.opts.apiKey,
        'x-tenant-id': this.opts.tenantId,
        'x-request-id': request.id,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(request.body),
      dispatcher: this.opts.dispatcher,
      // The pool's own timeouts are the browser's; a keyed write waits longer for its late answer.
      headersTimeout: this.lateAnswerMs,
      bodyTimeout: this.lateAnswerMs,
      signal: AbortSignal.timeout(this.lateAnswerMs),
    });
    return { status: response.statusCode, text: await response.body.text() };
  }

  /** Records what the upstream answered; never throws (the answer reaches the browser either way). */
  private async settle(
    request: FastifyRequest,
    name: KeyName,
    target: ForwardTarget,
    attemptAt: number,
    answer: Answer,
    onWrite: KeyedWriteListener | undefined,
  ): Promise<Settled> {
    const { repository, log } = this.opts;
    const { status } = answer;
    try {
      if (status >= 200 && status < 300) {
        await repository.done(name, status, answer.text, recordIdOf(answer.text));
        onWrite?.({
          route: target.route,
          params: target.params,
          requestBody: request.body,
          answer: Buffer.from(answer.text),
        });
      } else if (status >= 500) {
        // A 5xx ends the attempt without saying whether it acted: a repeat looks it up first.
        await repository.unresolved(name, 'over', attemptAt);
      } else {
        // A refusal made nothing: the key may carry the corrected request.
        await repository.release(name, attemptAt);
      }
    } catch (error) {
      log.error(
        { routeId: target.route.id, err: error },
        'the outcome of a keyed write could not be recorded',
      );
    }
    if (status === 401) {
      log.error({ routeId: target.route.id }, 'upstream refused the workspace API key (401)');
      return {
        kind: 'answer',
        answer: {
          status: 502,
          text: JSON.stringify(errorBody(502, 'The workspace API key was refused by the upstream service')),
        },
      };
    }
    return { kind: 'answer', answer };
  }

  private async lose(
    name: KeyName,
    target: ForwardTarget,
    attemptAt: number,
    error: unknown,
  ): Promise<Settled> {
    const { repository, log } = this.opts;
    const code = errorCode(error);
    log.warn({ routeId: target.route.id, code }, 'keyed upstream call lost its answer');
    try {
      if (code !== undefined && NOT_SENT_CODES.has(code)) {
        await repository.release(name, attemptAt);
        return { kind: 'unreachable' };
      }
      await repository.unresolved(name, 'lost', attemptAt);
    } catch (failure) {
      log.error(
        { routeId: target.route.id, err: failure },
        'the loss of a keyed write could not be recorded',
      );
    }
    return { kind: 'unknown' };
  }

  private answer(reply: FastifyReply, answer: Answer): FastifyReply {
    if (answer.outcome) reply.header(OUTCOME_HEADER, answer.outcome);
    if (answer.status === 502) reply.header('x-bff-error', '1');
    return reply
      .code(answer.status)
      .header('cache-control', 'private, no-store')
      .type('application/json; charset=utf-8')
      .send(answer.text);
  }

  private purgeNowAndThen(now: number): void {
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    this.opts.repository
      .purge(now)
      .catch((error: unknown) => this.opts.log.warn({ err: error }, 'expired idempotency keys not purged'));
  }
}
