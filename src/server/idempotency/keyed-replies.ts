import type { FastifyReply } from 'fastify';
import { errorBody } from '../bff-error';
import { OUTCOME_HEADER } from './idempotency-key';

// What a keyed send or create answers the browser: the upstream's answer (recorded, replayed or
// found by a lookup, said in Idempotency-Outcome), or "outcome unknown" while it is not known yet.

export interface Answer {
  readonly status: number;
  readonly text: string;
  readonly outcome?: 'replayed' | 'found';
  /** The BFF's own error (the upstream refused the workspace key), not the upstream's answer. */
  readonly fromBff?: boolean;
}

/** 504 with `outcome: "unknown"`: the browser asks again with the same key. */
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

/** An answer as the upstream gave it (or as recorded), with how it was learnt. */
export function sendAnswer(reply: FastifyReply, answer: Answer): FastifyReply {
  if (answer.outcome) reply.header(OUTCOME_HEADER, answer.outcome);
  if (answer.fromBff) reply.header('x-bff-error', '1');
  return reply
    .code(answer.status)
    .header('cache-control', 'private, no-store')
    .type('application/json; charset=utf-8')
    .send(answer.text);
}
