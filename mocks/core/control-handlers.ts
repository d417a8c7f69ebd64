import { http, HttpResponse, type HttpHandler } from 'msw';
import type * as z from 'zod/mini';
import type { Fake } from '../fake';
import {
  ChatterBody,
  ClockBody,
  FailBody,
  FailDeliveryBody,
  InboundBody,
  PlanLimitBody,
  ResetBody,
  RevokeBody,
} from './control-schemas';
import { errorResponse } from './dispatch';
import { FakeError } from './errors';
import { toHttpResponse } from './respond';
import { checkWith, decodeJsonBody } from './validate';

type Handler<T> = (body: T) => unknown;

/** A control endpoint: JSON body checked by `schema`, errors in the spec's error body. */
const post = <S extends z.ZodMiniType>(url: string, schema: S, run: Handler<z.infer<S>>) =>
  http.post(url, async ({ request }) => {
    const decoded = decodeJsonBody(await request.text());
    const input = decoded.ok ? checkWith(schema, decoded.value) : decoded;
    if (!input.ok) return toHttpResponse(errorResponse(400, input.errors));
    try {
      return HttpResponse.json((run(input.value) ?? { ok: true }) as Record<string, unknown>);
    } catch (error) {
      if (error instanceof FakeError)
        return toHttpResponse({ status: error.statusCode, body: error.toBody() });
      throw error;
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
    post(`${base}/inbound`, InboundBody, (b) => control.inbound(b)),
    post(`${base}/clock`, ClockBody, (b) => {
      control.advance(b.advanceMs);
      return { now: fake.clock.now().toISOString() };
    }),
    http.get(`${base}/clock`, () => HttpResponse.json({ now: fake.clock.now().toISOString() })),
    post(`${base}/fail`, FailBody, (b) => control.fail(b)),
    post(`${base}/plan-limit`, PlanLimitBody, (b) => control.planLimit(b.tenantId, b.limit)),
    post(`${base}/revoke`, RevokeBody, (b) => control.revoke(b.key)),
    post(`${base}/fail-delivery`, FailDeliveryBody, (b) => control.failDelivery(b.conversationId, b.reason)),
    post(`${base}/chatter`, ChatterBody, (b) => {
      control.chatter(b.on);
      return { on: control.chatterOn() };
    }),
    http.get(`${base}/invite-link-valid`, ({ request }) => {
      const link = new URL(request.url).searchParams.get('link') ?? '';
      return HttpResponse.json({ valid: control.inviteLinkValid(link) });
    }),
  ];
}
