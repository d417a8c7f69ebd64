import { http, HttpResponse, type HttpHandler } from 'msw';
import type * as z from 'zod/mini';
import type { Fake } from '../fake';
import {
  ChatterBody,
  ClockBody,
  FailBody,
  FailDeliveryBody,
  InboundBody,
  InviteLinkQuery,
  NoQuery,
  PlanLimitBody,
  ResetBody,
  RevokeBody,
} from './control-schemas';
import { errorResponse } from './dispatch';
import { FakeError } from './errors';
import { below, toHttpResponse } from './respond';
import { checkWith, decodeJsonBody, searchRecord } from './validate';

type Handler<T> = (body: T) => unknown;

/** What a control call answers when it throws: its own error body, or a logged 500, never a crash. */
function failure(error: unknown, what: string): Response {
  if (error instanceof FakeError) return toHttpResponse({ status: error.statusCode, body: error.toBody() });
  console.error(`fake upstream: ${what} failed`, error);
  return toHttpResponse(errorResponse(500, 'Internal server error'));
}

/** A control endpoint: JSON body checked by `schema`, errors in the spec's error body. */
const post = <S extends z.ZodMiniType>(url: string, schema: S, run: Handler<z.infer<S>>) =>
  http.post(url, async ({ request }) => {
    const decoded = decodeJsonBody(await request.text(), request.headers.get('content-type'));
    const input = decoded.ok ? checkWith(schema, decoded.value) : decoded;
    if (!input.ok) return toHttpResponse(errorResponse(400, input.errors));
    try {
      return HttpResponse.json((run(input.value) ?? { ok: true }) as Record<string, unknown>);
    } catch (error) {
      return failure(error, `POST ${new URL(url).pathname}`);
    }
  });

/** A control read: its query checked by `schema` (repeated keys refused), like the hosts' queries. */
const get = <S extends z.ZodMiniType>(url: string, schema: S, run: Handler<z.infer<S>>) =>
  http.get(url, ({ request }) => {
    const search = searchRecord(new URL(request.url).searchParams);
    const input = search.ok ? checkWith(schema, search.value) : search;
    if (!input.ok) return toHttpResponse(errorResponse(400, input.errors));
    try {
      return HttpResponse.json(run(input.value) as Record<string, unknown>);
    } catch (error) {
      return failure(error, `GET ${new URL(url).pathname}`);
    }
  });

/** `/__fake/*`: not part of the real API; no auth (mocks/README.md). */
export function createControlHandlers(fake: Fake, origin: string): HttpHandler[] {
  const base = `${origin}/__fake`;
  const { control } = fake;
  return [
    post(`${base}/reset`, ResetBody, (b) => {
      fake.reset(b.scale !== undefined ? { scale: b.scale } : undefined);
      return { ok: true, now: fake.clock.now().toISOString() };
    }),
    post(`${base}/inbound`, InboundBody, ({ conversationId, channelId, from, text, ...rest }) =>
      control.inbound(
        conversationId !== undefined
          ? { conversationId, text, ...rest }
          : { channelId: channelId!, from: from!, text: text!, senderName: rest.senderName },
      ),
    ),
    post(`${base}/clock`, ClockBody, (b) => {
      control.advance(b.advanceMs);
      return { now: fake.clock.now().toISOString() };
    }),
    get(`${base}/clock`, NoQuery, () => ({ now: fake.clock.now().toISOString() })),
    post(`${base}/fail`, FailBody, (b) => control.fail(b)),
    post(`${base}/plan-limit`, PlanLimitBody, (b) => control.planLimit(b.tenantId, b.limit)),
    post(`${base}/revoke`, RevokeBody, (b) => control.revoke(b.key)),
    post(`${base}/fail-delivery`, FailDeliveryBody, (b) => control.failDelivery(b.conversationId, b.reason)),
    post(`${base}/chatter`, ChatterBody, (b) => {
      control.chatter(b.on);
      return { on: control.chatterOn() };
    }),
    get(`${base}/invite-link-valid`, InviteLinkQuery, (q) => ({ valid: control.inviteLinkValid(q.link) })),
    // Anything else under /__fake (a wrong method, a typo) is a 404 error body, as on the hosts.
    http.all(below(base), ({ request }) =>
      toHttpResponse(errorResponse(404, `Cannot ${request.method} ${new URL(request.url).pathname}`)),
    ),
  ];
}
