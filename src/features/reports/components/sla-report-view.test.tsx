import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fake, liveWorkspaceDb, withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';

// The SLA report through the real BFF and its database, as a manager: the share of targets met by
// channel, agent and week, and the breached threads listed, each a link to its thread.

withBff({ live: true, database: true, as: 'manager' });
beforeAll(stubLayout);
afterEach(async () => {
  cleanup();
  await liveWorkspaceDb().deleteFrom('sla_clocks').execute();
});

describe('the SLA report', () => {
  it('shows the share met per channel and lists the breached threads', async () => {
    const channel = [...fake.workspace().social.channels][0]!;
    const thread = (n: number) => `c0c0c0c0-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const at = (iso: string) => new Date(iso);
    const clock = (n: number, ended: 'met' | 'breached') => ({
      conversation_id: thread(n),
      kind: 'first-response' as const,
      started_at: at('2026-11-10T09:00:00Z'),
      due_at: at('2026-11-10T10:00:00Z'),
      at_risk_at: at('2026-11-10T09:45:00Z'),
      target_minutes: 60,
      business_hours: false,
      channel_id: channel.id,
      owner: null,
      stopped_at: ended === 'met' ? at('2026-11-10T09:30:00Z') : null,
      met_at: ended === 'met' ? at('2026-11-10T09:30:00Z') : null,
      breached_at: ended === 'breached' ? at('2026-11-10T10:00:00Z') : null,
    });
    await liveWorkspaceDb()
      .insertInto('sla_clocks')
      .values([clock(1, 'met'), clock(2, 'met'), clock(3, 'met'), clock(4, 'breached')])
      .execute();

    await renderRoutes('/reports?view=sla&from=2026-11-01&to=2026-11-30');
    const byChannel = await screen.findByRole('region', { name: 'SLA met by channel' });
    const row = within(byChannel).getByRole('row', { name: new RegExp(channel.name) });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([channel.name, '75%', '3', '1']);
    const byAgent = screen.getByRole('region', { name: 'SLA met by agent' });
    expect(within(byAgent).getByRole('row', { name: /Unassigned/ })).toHaveTextContent('75%');
    expect(screen.getByRole('region', { name: 'SLA met by week' })).toHaveTextContent('Week of 2026-11-09');
    const breached = screen.getByRole('region', { name: 'Breached threads' });
    expect(within(breached).getByRole('link', { name: 'Open thread' })).toHaveAttribute(
      'href',
      `/inbox/${thread(4)}`,
    );
    expect(within(breached).getByText('First response')).toBeInTheDocument();
  });
});
