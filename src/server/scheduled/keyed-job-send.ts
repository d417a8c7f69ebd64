import type { FastifyBaseLogger } from 'fastify';
import { Message } from '../../contract';
import type { BodyOf } from '../../contract/routes';
import { findSent } from '../idempotency/find-created';
import { fingerprint } from '../idempotency/idempotency-key';
import type { IdempotencyRepository, KeyName, KeyRecord } from '../idempotency/idempotency-repository';
import type { UpstreamClient } from '../upstream/upstream-client';
import { UpstreamError } from '../upstream/upstream-error';

// A send made by a job rather than a browser, with the same idempotency keys the proxy keeps
// (src/server/idempotency): the key is recorded before the send and its outcome after, so a job
// run again (its answer lost to a timeout, a 5xx, an instance killed mid-send) first looks the
// message up on the upstream and sends again only when it is surely not there. Never twice.

export type JobSend =
  | {
      readonly routeId: 'messages.sendText';
      readonly conversationId: string;
      readonly body: BodyOf<'messages.sendText'>;
    }
  | {
      readonly routeId: 'conversations.send';
      readonly conversationId: string;
      readonly body: BodyOf<'conversations.send'>;
    };

export type JobSendOutcome =
  /** It went out (`found`: an earlier run's send, looked up). */
  | { readonly kind: 'sent'; readonly message: Message; readonly found: boolean }
  /** The upstream refused it: nothing went out, and sending it again would be refused again. */
  | { readonly kind: 'refused'; readonly status: number; readonly reason: string }
  /** Not known or not possible yet (the upstream down, a lost answer in its grace): run again later. */
  | { readonly kind: 'again'; readonly reason: string };

export interface KeyedJobSendOptions {
  readonly repository: IdempotencyRepository;
  readonly upstream: Pick<UpstreamClient, 'call'>;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
  /** After an attempt without an answer, the upstream may still send it this long: only then again. */
  readonly lostGraceMs: number;
}

/** Keys of job sends are kept a week: far longer than any job retries. */
const KEY_LIFETIME_MS = 7 * 24 * 3_600_000;
/** The answer the send routes give (contract routes), recorded with the key. */
const SENT_STATUS = 202;

const detailOf = (error: UpstreamError): string =>
  error.detail.length > 0 ? error.detail.join('; ') : error.message;

export class KeyedJobSend {
  constructor(private readonly opts: KeyedJobSendOptions) {}

  async send(name: KeyName, send: JobSend): Promise<JobSendOutcome> {
    const { repository, clock } = this.opts;
    const params: Record<string, string> =
      send.routeId === 'messages.sendText' ? { id: send.conversationId } : {};
    const print = fingerprint(send.routeId, params, send.body);
    const now = clock();
    const begun = await repository.begin(
      name,
      { routeId: send.routeId, fingerprint: print },
      now,
      KEY_LIFETIME_MS,
    );
    if (begun.fresh) return this.attempt(name, send, now);
    const record = begun.record;
    if (record.state === 'done' && record.answer !== null) {
      const message = readMessage(record.answer);
      if (message) return { kind: 'sent', message, found: true };
    }
    return this.resolve(name, send, record);
  }

  /** An earlier run's send whose outcome is not known: found upstream, or (once surely not) sent again. */
  private async resolve(name: KeyName, send: JobSend, record: KeyRecord): Promise<JobSendOutcome> {
    const { repository, upstream, clock, log } = this.opts;
    let found: Message | null;
    try {
      found = await findSent(upstream, send.conversationId, send.body, {
        since: record.firstAt,
        taken: (id) => repository.claimedByOther(name, id),
      });
    } catch (error) {
      return { kind: 'again', reason: reasonOf(error, 'looking up whether it went out') };
    }
    if (found !== null) {
      await repository.done(name, SENT_STATUS, JSON.stringify(found), found.id);
      log.info({ routeId: send.routeId }, 'a scheduled send whose answer was lost was found upstream');
      return { kind: 'sent', message: found, found: true };
    }
    const now = clock();
    const surelyOver = record.state === 'over' || now >= record.attemptAt + this.opts.lostGraceMs;
    if (!surelyOver)
      return {
        kind: 'again',
        reason: 'Its first attempt got no answer; waiting to learn whether it went out',
      };
    if (!(await repository.retake(record, now)))
      return { kind: 'again', reason: 'Another attempt is under way' };
    return this.attempt(name, send, now);
  }

  private async attempt(name: KeyName, send: JobSend, attemptAt: number): Promise<JobSendOutcome> {
    const { repository, upstream } = this.opts;
    let message: Message;
    try {
      message =
        send.routeId === 'messages.sendText'
          ? await upstream.call('messages.sendText', {
              params: { id: send.conversationId },
              body: send.body,
            })
          : await upstream.call('conversations.send', { body: send.body });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return this.failed(name, attemptAt, error);
    }
    await repository.done(name, SENT_STATUS, JSON.stringify(message), message.id);
    return { kind: 'sent', message, found: false };
  }

  /** Records what a failed attempt says about the send, and what to do next. */
  private async failed(name: KeyName, attemptAt: number, error: UpstreamError): Promise<JobSendOutcome> {
    const { repository } = this.opts;
    const status = error.status;
    if (error.kind === 'http' && status !== null && status < 500) {
      // A refusal made nothing: the key is freed.
      await repository.release(name, attemptAt);
      return { kind: 'refused', status, reason: detailOf(error) };
    }
    if (error.kind === 'rate-limited' || error.kind === 'key-refused') {
      await repository.release(name, attemptAt);
      return { kind: 'again', reason: reasonOf(error, 'sending') };
    }
    // No answer, a 5xx, or an answer that does not fit: it may have gone out. Looked up next time.
    await repository.unresolved(name, error.kind === 'http' ? 'over' : 'lost', attemptAt);
    return { kind: 'again', reason: reasonOf(error, 'sending') };
  }
}

function readMessage(text: string): Message | null {
  try {
    const parsed = Message.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A passing fault in words for the person who scheduled the message. */
function reasonOf(error: unknown, what: string): string {
  if (!(error instanceof UpstreamError)) return `An error while ${what}`;
  switch (error.kind) {
    case 'timeout':
      return 'The messaging service did not answer in time';
    case 'unreachable':
      return 'The messaging service could not be reached';
    case 'rate-limited':
      return 'The messaging service asked to slow down';
    case 'key-refused':
      return 'The workspace API key was refused: an admin must fix it';
    case 'malformed':
      return 'The messaging service gave an answer that could not be read';
    case 'http':
      return `The messaging service failed (${String(error.status ?? 'error')}): ${detailOf(error)}`;
  }
}
