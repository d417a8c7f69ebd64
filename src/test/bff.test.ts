import { describe, expect, it } from 'vitest';
import { ConversationList, Me, Team } from '@/contract';
import { BFF_ORIGIN, TEAM_MEMBERS, fake, signInAs, signOut, withBff } from './bff';

// The component tests' transport: what a page sees through it is what the real BFF answers.

withBff();

const leadId = () => [...fake.workspace().crm.leads.values()][0]!.id;
const patchLead = (id: string, body: unknown, headers: Record<string, string> = { 'x-csrf': '1' }) =>
  fetch(`${BFF_ORIGIN}/api/crm/v1/leads/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('the BFF behind the component tests', () => {
  it('forwards reads to the fake as the signed-in admin, and says who that is', async () => {
    const res = await fetch(`${BFF_ORIGIN}/api/social/v1/conversations?limit=3`);
    expect(res.status).toBe(200);
    expect(ConversationList.parse(await res.json()).total).toBe(fake.workspace().social.threads.size);
    const me = Me.parse(await (await fetch(`${BFF_ORIGIN}/bff/me`)).json());
    expect(me).toMatchObject({ name: 'Ada Admin', role: 'admin', upstreamUserId: TEAM_MEMBERS[2].id });
    const team = Team.parse(await (await fetch(`${BFF_ORIGIN}/bff/team`)).json());
    expect(team.members).toHaveLength(TEAM_MEMBERS.length);
  });

  it("enforces the signed-in role: an agent's lead update is refused before the upstream sees it", async () => {
    await signInAs('agent');
    const id = leadId();
    const before = fake.workspace().crm.leads.get(id)!.name;
    const res = await patchLead(id, { name: 'Renamed by an agent' });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-bff-error')).toBe('1');
    expect(fake.workspace().crm.leads.get(id)!.name).toBe(before);

    await signInAs('manager');
    expect((await patchLead(id, { name: 'Renamed by a manager' })).status).toBe(200);
    expect(fake.workspace().crm.leads.get(id)!.name).toBe('Renamed by a manager');
  });

  it('refuses a state-changing call without X-CSRF, even from the same origin', async () => {
    const res = await patchLead(leadId(), { name: 'No header' }, {});
    expect(res.status).toBe(403);
    expect(res.headers.get('x-bff-error')).toBe('1');
    expect(((await res.json()) as { message: string }).message).toBe('Missing X-CSRF header');
  });

  it("validates the request with the contract before forwarding: the BFF's own 400", async () => {
    const res = await fetch(`${BFF_ORIGIN}/api/crm/v1/leads?limit=0`);
    expect(res.status).toBe(400);
    expect(res.headers.get('x-bff-error')).toBe('1');
    const body = (await res.json()) as { message: string[] };
    expect(body.message).toEqual([expect.stringMatching(/^limit /)]);
  });

  it("maps the upstream's refusal of the workspace key to a 502", async () => {
    fake.control.revoke('demo-admin-key');
    const res = await fetch(`${BFF_ORIGIN}/api/crm/v1/tags`);
    expect(res.status).toBe(502);
    expect(res.headers.get('x-bff-error')).toBe('1');
  });

  it('answers 401 once the session is gone', async () => {
    signOut();
    const res = await fetch(`${BFF_ORIGIN}/api/crm/v1/tags`);
    expect(res.status).toBe(401);
    expect(res.headers.get('x-bff-error')).toBe('1');
  });

  it('keeps what the page sent as the page sent it', async () => {
    const res = await fetch(`${BFF_ORIGIN}/api/social/v1/quick-replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1' },
      body: JSON.stringify({ title: 'Thanks', body: 'Thanks for writing!', shortcut: 'thx' }),
    });
    expect(res.status).toBe(201);
    const stored = [...fake.workspace().social.quickReplies.values()].find((q) => q.shortcut === 'thx');
    expect(stored).toMatchObject({ title: 'Thanks', body: 'Thanks for writing!' });
  });
});
