import { http, HttpResponse, type HttpHandler } from 'msw';
import type { Host } from '../src/contract/routes';
import { below, toDispatchRequest, toHttpResponse } from './core/respond';
import type { Fake } from './fake';
import { ACME_TENANT, AI_AGENTS, TEAM_MEMBERS } from './team';

const ADA = TEAM_MEMBERS[2];
const BFF_ERROR = { 'x-bff-error': '1' };

const bffError = (status: number, message: string, error: string) =>
  HttpResponse.json({ statusCode: status, message, error }, { status, headers: BFF_ERROR });

/** The browser's view through the BFF: the BFF adds the Acme admin key and tenant (decisions.md). */
const mount = (fake: Fake, origin: string, host: Host) =>
  http.all(below(`${origin}/api/${host}`), async ({ request }) => {
    // decisions.md: state-changing calls from the web client carry `X-CSRF: 1`; the BFF refuses others.
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.headers.get('x-csrf') !== '1') {
      return bffError(403, 'Missing X-CSRF header on a state-changing request', 'Forbidden');
    }
    const headers = new Headers({
      'content-type': request.headers.get('content-type') ?? 'application/json',
    });
    headers.set('x-api-key', 'demo-admin-key');
    headers.set('x-tenant-id', ACME_TENANT);
    const res = await fake.dispatch(await toDispatchRequest(host, request, `/api/${host}`, headers));
    // decisions.md: an upstream 401 means the BFF's own key was refused, which the user cannot fix.
    if (res.status === 401) return bffError(502, 'The upstream refused the workspace API key', 'Bad Gateway');
    return toHttpResponse(res);
  });

export function createBffHandlers(fake: Fake, { origin }: { origin: string }): HttpHandler[] {
  return [
    mount(fake, origin, 'social'),
    mount(fake, origin, 'crm'),
    http.get(`${origin}/bff/me`, () =>
      HttpResponse.json({ id: ADA.email, name: ADA.name, role: 'admin', upstreamUserId: ADA.id }),
    ),
    http.get(`${origin}/bff/team`, () =>
      HttpResponse.json({
        members: TEAM_MEMBERS.map(({ id, name }) => ({ id, name })),
        aiAgents: AI_AGENTS.map(({ id, name }) => ({ id, name })),
      }),
    ),
  ];
}
