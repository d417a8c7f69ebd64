import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { request as undiciRequest, type Dispatcher } from 'undici';
import { actorOf } from '../auth/write-actor';
import { errorBody } from '../bff-error';
import type { IdempotencyRepository, KeyName } from './idempotency-repository';
import type { RouteDef } from '../../contract/routes';
import type { WriteListener } from '../proxy/proxy';
import type { Answer } from './keyed-replies';

// One attempt of a keyed send or create: forwarded with the workspace key, waited for longer than
// the browser waits (its late answer is still recorded), and its outcome written to the key's
// record: done (2xx), over (a 5xx, which confirms nothing), released (a refusal made nothing), or
// lost (no answer: the upstream may still act).

export interface ForwardTarget {
  readonly route: RouteDef;
  readonly params: Readonly<Record<string, string>>;
  readonly url: string;
}

/** The proxy's write-through listener (proxy.ts), told of a keyed write's answer too. */
/** The proxy's listener: a keyed write tells it the same as an unkeyed one. */
export type KeyedWriteListener = WriteListener;

export interface KeyedAttemptsOptions {
  readonly repository: IdempotencyRepository;
  readonly dispatcher: Dispatcher;
  readonly apiKey: string;
  readonly tenantId: string;
  /** How long an attempt waits for its answer. */
  readonly lateAnswerMs: number;
  readonly log: FastifyBaseLogger;
}

/** What became of an attempt, for the browser. */
export type Settled =
  | { readonly kind: 'answer'; readonly answer: Answer }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'unreachable' };

/** A failure to connect: the request never left, so nothing was made. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

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

export class KeyedAttempts {
  constructor(private readonly opts: KeyedAttemptsOptions) {}

  /** Sends once and records the outcome; never throws. */
  run(
    request: FastifyRequest,
    name: KeyName,
    target: ForwardTarget,
    attemptAt: number,
    onWrite: KeyedWriteListener | undefined,
  ): Promise<Settled> {
    return this.forward(request, target).then(
      (answer) => this.settle(request, name, target, attemptAt, answer, onWrite),
      (error: unknown) => this.lose(name, target, attemptAt, error),
    );
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
      headersTimeout: this.opts.lateAnswerMs,
      bodyTimeout: this.opts.lateAnswerMs,
      signal: AbortSignal.timeout(this.opts.lateAnswerMs),
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
          actor: actorOf(request),
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
          fromBff: true,
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
}
