import { describe, expect, it } from 'vitest';
import { ConversationList, Me, Team } from '../src/contract';
import { fake, useFakeServer } from './node';
import { TEAM_MEMBERS } from './team';

useFakeServer();

const BFF = 'http://localhost:3000';

describe('the BFF as the browser sees it (jsdom origin)', () => {
  it('forwards /api/social and /api/crm with the Acme admin key', async () => {
    const res = await fetch(`${BFF}/api/social/v1/conversations?limit=3`);
    expect(res.status).toBe(200);
    const body = ConversationList.parse(await res.json());
    expect(body.total).toBe(fake.workspace().social.threads.size);
    const stages = await fetch(`${BFF}/api/crm/v1/lead-stages`);
    expect(stages.status).toBe(200);
  });

  it('ignores a key the browser sends, and maps a refused workspace key to a 502', async () => {
    const res = await fetch(`${BFF}/api/crm/v1/tags`, { headers: { 'x-api-key': 'demo-revoked-key' } });
    expect(res.status).toBe(200);
    fake.control.revoke('demo-admin-key');
    const refused = await fetch(`${BFF}/api/crm/v1/tags`);
    expect(refused.status).toBe(502);
    expect(refused.headers.get('x-bff-error')).toBe('1');
  });

  it('passes upstream validation errors through', async () => {
    const res = await fetch(`${BFF}/api/social/v1/quick-replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1' },
      body: JSON.stringify({ title: '' }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string[] };
    expect(body.message).toEqual(expect.arrayContaining([expect.stringMatching(/^shortcut /)]));
  });

  it('refuses a state-changing call without X-CSRF, as the BFF does', async () => {
    const res = await fetch(`${BFF}/api/social/v1/quick-replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'T', body: 'B', shortcut: 'tb' }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-bff-error')).toBe('1');
  });

  it('answers /bff/me and /bff/team from the roster', async () => {
    const me = Me.parse(await (await fetch(`${BFF}/bff/me`)).json());
    expect(me).toMatchObject({ name: 'Ada Admin', role: 'admin', upstreamUserId: TEAM_MEMBERS[2].id });
    const team = Team.parse(await (await fetch(`${BFF}/bff/team`)).json());
    expect(team.members).toHaveLength(TEAM_MEMBERS.length);
    expect(team.aiAgents.length).toBeGreaterThan(0);
  });
});
