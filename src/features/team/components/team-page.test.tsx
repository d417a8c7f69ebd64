import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/data/live-events';
import { call } from '@/lib/api-client';
import { fake, liveWorkspaceDb, server, teammateBrowser, TEAM_MEMBERS, withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';

// The team page through the real BFF and its database: teammates Available, then Busy, then Away,
// each with how long, Away by itself said as such, and their open threads as the workspace holds
// them; a teammate's change arrives live; no teammates and a failed read have screens of their own.

withBff({ live: true, database: true, as: 'agent' });
beforeAll(stubLayout);
beforeEach(async () => {
  await liveWorkspaceDb().deleteFrom('availability').execute();
});
afterEach(cleanup);

const MINUTE = 60_000;
const idOf = (email: string) => TEAM_MEMBERS.find((m) => m.email === email)!.id;
const openThreadsOf = (email: string) =>
  [...fake.workspace().social.threads.values()].filter(
    (t) => t.conv.status === 'open' && t.conv.assigned_to_user_id === idOf(email),
  ).length;
const table = () => screen.findByRole('table', { name: 'Teammates by availability' });
/** Each row's cells as text, in the page's order. */
const rows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the team page', () => {
  it('lists who is Available, Busy and Away, since when, and the open threads each holds', async () => {
    await call('availability.set', { body: { status: 'available' } });
    await (await teammateBrowser('admin')).put('/bff/availability/me', { status: 'busy' });
    // Marco's last tab closed 12 minutes ago: Away by itself.
    await liveWorkspaceDb()
      .insertInto('availability')
      .values({ username: 'marco@acme.test', last_seen_at: new Date(Date.now() - 12 * MINUTE) })
      .execute();
    await renderRoutes('/team');
    expect(await screen.findByRole('heading', { name: 'Team', level: 1 })).toBeInTheDocument();
    expect(await rows()).toEqual([
      ['Ana Agent (you)', 'agent', 'Available · for 1 min', String(openThreadsOf('ana@acme.test'))],
      ['Ada Admin', 'admin', 'Busy · for 1 min', String(openThreadsOf('ada@acme.test'))],
      ['Marco Manager', 'manager', 'Away — no tab open for 12 min', String(openThreadsOf('marco@acme.test'))],
    ]);
    expect(openThreadsOf('ana@acme.test') + openThreadsOf('marco@acme.test')).toBeGreaterThan(0);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
  });

  it('says when someone has never had a tab open', async () => {
    await renderRoutes('/team');
    await waitFor(async () =>
      expect((await rows()).find((r) => r[0] === 'Marco Manager')?.[2]).toBe('Away — no tab open yet'),
    );
  });

  it('moves a teammate as the live stream tells of their change', async () => {
    await call('availability.set', { body: { status: 'busy' } });
    const ada = await teammateBrowser('admin');
    await ada.put('/bff/availability/me', { status: 'available' });
    const { queryClient } = await renderRoutes('/team');
    await waitFor(async () =>
      expect((await rows()).map((r) => r[0])).toEqual(['Ada Admin', 'Ana Agent (you)', 'Marco Manager']),
    );

    await ada.put('/bff/availability/me', { status: 'away' });
    applyLiveEvent(queryClient, {
      type: 'availability.changed',
      username: 'ada@acme.test',
      status: 'away',
      auto: false,
    });
    await waitFor(async () =>
      expect((await rows()).map((r) => [r[0], r[2]?.split(' ')[0]])).toEqual([
        ['Ana Agent (you)', 'Busy'],
        ['Ada Admin', 'Away'],
        ['Marco Manager', 'Away'],
      ]),
    );
  });

  it('says so when there are no teammates', async () => {
    server.use(
      http.get('*/bff/availability', () => HttpResponse.json({ members: [], awayAfterMinutes: 10 })),
    );
    await renderRoutes('/team');
    expect(await screen.findByText('No teammates yet')).toBeInTheDocument();
  });

  it('shows the error screen when the team cannot be read', async () => {
    server.use(http.get('*/bff/availability', () => HttpResponse.error()));
    await renderRoutes('/team');
    expect(await screen.findByText('The team could not be loaded')).toBeInTheDocument();
  });
});
