import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ThreadSla } from '@/contract';
import { withBff } from '@/test/bff';
import { renderWithApp } from '@/test/render';
import { SlaChip, slaChipText } from './sla-chip';

// The SLA chip through the real BFF (its settings read, the defaults before any save): time left
// while on track, amber once less than a quarter of the target is left, red and "Overdue" once
// due, each said in words for screen readers as well as by colour.

withBff({ database: true, as: 'agent' });
afterEach(cleanup);

const MINUTE = 60_000;
const NOW = Date.parse('2026-11-27T12:00:00Z');
/** A 60-minute target around the clock, started `ago` minutes before NOW. */
const clock = (ago: number): ThreadSla => ({
  kind: 'first-response',
  startedAt: new Date(NOW - ago * MINUTE).toISOString(),
  dueAt: new Date(NOW + (60 - ago) * MINUTE).toISOString(),
  atRiskAt: new Date(NOW + (45 - ago) * MINUTE).toISOString(),
  businessHours: false,
  targetMinutes: 60,
});

describe('the SLA chip', () => {
  it('says the time left, then at risk, then overdue', () => {
    expect(slaChipText(clock(10), NOW, 50 * MINUTE)).toEqual({ state: 'on-track', text: '50m left' });
    expect(slaChipText(clock(50), NOW, 10 * MINUTE)).toEqual({ state: 'at-risk', text: '10m left' });
    expect(slaChipText(clock(65), NOW, -5 * MINUTE)).toEqual({ state: 'breached', text: 'Overdue 5m' });
  });

  it('shows each state in words and colour', async () => {
    await renderWithApp(
      <ul>
        <li data-testid="fine">
          <SlaChip sla={clock(0)} now={NOW} />
        </li>
        <li data-testid="risky">
          <SlaChip sla={clock(50)} now={NOW} />
        </li>
        <li data-testid="late">
          <SlaChip sla={clock(140)} now={NOW} />
        </li>
        <li data-testid="none">
          <SlaChip sla={null} now={NOW} />
        </li>
      </ul>,
    );
    const fine = await screen.findByTestId('fine');
    expect(fine).toHaveTextContent('First response on track: 1h left');
    expect(screen.getByTestId('risky')).toHaveTextContent('First response at risk: 10m left');
    expect(screen.getByTestId('late')).toHaveTextContent('First response breached: Overdue 1h 20m');
    expect(screen.getByTestId('late').querySelector('[data-sla-state]')).toHaveClass('text-danger');
    expect(screen.getByTestId('risky').querySelector('[data-sla-state]')).toHaveClass('text-warning');
    expect(screen.getByTestId('none')).toBeEmptyDOMElement();
  });
});
