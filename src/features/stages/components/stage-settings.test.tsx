import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { LeadStage } from '@/contract';
import { sortStages } from '@/lib/lead-stages';
import { leadStageKeys, leadStagesQuery } from '@/data/lead-stages';
import { renderWithApp } from '@/test/render';
import { fake, withBff } from '@/test/bff';
import { useReorderStages } from '../api/use-reorder-stages';
import { StageSettings } from './stage-settings';

withBff();
afterEach(cleanup);

const stages = () => sortStages(fake.workspace().crm.stages);
const leadsOn = (key: string) => [...fake.workspace().crm.leads.values()].filter((l) => l.status === key);

describe('the stage list', () => {
  it('lists stages in order and explains why some cannot be deleted', async () => {
    await renderWithApp(<StageSettings />);
    const list = await screen.findByRole('list', { name: 'Stages' }, { timeout: 5000 });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(stages().map((s) => s.name));
    const def = stages().find((s) => s.is_default)!;
    // The actions show once /bff/me has said the role (an admin here).
    const del = await screen.findByRole('button', { name: `Delete stage ${def.name}` });
    expect(del).toBeDisabled();
    expect(del).toHaveAccessibleDescription('The default stage cannot be deleted.');
    const busy = stages().find((s) => !s.is_default && leadsOn(s.key).length > 0)!;
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Delete stage ${busy.name}` })).toHaveAccessibleDescription(
        `Holds ${leadsOn(busy.key).length} leads: move them first.`,
      ),
    );
  });

  it('paints a stage colour only when it is a hex colour', async () => {
    const hostile = stages()[1]!;
    hostile.color = 'url(https://evil.example/beacon.png)';
    await renderWithApp(<StageSettings />);
    const row = await screen.findByRole('listitem', { name: hostile.name }, { timeout: 5000 });
    const dot = row.querySelector<HTMLElement>('[data-color-dot]');
    expect(dot?.style.backgroundColor).toBe('rgb(138, 143, 152)');
    const good = await screen.findByRole('listitem', { name: stages()[0]!.name });
    expect(good.querySelector<HTMLElement>('[data-color-dot]')?.style.backgroundColor).not.toBe('');
    expect(document.querySelectorAll('[style*="url("]')).toHaveLength(0);
  });

  it('renames, recolours and marks a stage won, and the shared cache shows it at once', async () => {
    const { queryClient } = await renderWithApp(<StageSettings />);
    const target = stages().find((s) => !s.is_won && !s.is_lost && !s.is_default)!;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Edit stage ${target.name}` }));
    const form = screen.getByRole('form', { name: `Edit stage ${target.name}` });
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Hot prospects');
    await user.click(within(form).getByRole('button', { name: 'Red' }));
    await user.click(within(form).getByRole('radio', { name: 'Lost' }));
    await user.click(within(form).getByRole('radio', { name: 'Won' }));
    expect(
      within(form).getByText('A stage can be Won or Lost, not both.', { exact: false }),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save stage' }));

    await waitFor(() =>
      expect(fake.workspace().crm.stages.find((s) => s.id === target.id)?.name).toBe('Hot prospects'),
    );
    expect(fake.workspace().crm.stages.find((s) => s.id === target.id)).toMatchObject({
      color: '#ef4444',
      is_won: true,
      is_lost: false,
    });
    const cached = queryClient.getQueryData<LeadStage[]>(leadStageKeys.list());
    expect(cached?.find((s) => s.id === target.id)?.name).toBe('Hot prospects');
    expect(await screen.findByRole('listitem', { name: 'Hot prospects' })).toBeInTheDocument();
  });

  it('changes a key, counts the leads left on the old one and moves them with progress through 429s', async () => {
    await renderWithApp(<StageSettings />);
    // The stage holding the fewest leads: the run is paced (10 calls a second), so fewer is quicker.
    const target = stages()
      .filter((s) => !s.is_default && leadsOn(s.key).length > 1)
      .sort((a, b) => leadsOn(a.key).length - leadsOn(b.key).length)[0]!;
    const held = leadsOn(target.key).length;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Edit stage ${target.name}` }));
    const form = screen.getByRole('form', { name: `Edit stage ${target.name}` });
    await user.clear(within(form).getByLabelText('Key'));
    await user.type(within(form).getByLabelText('Key'), 'renamed_key');
    expect(
      await within(form).findByText(new RegExp(`${held} leads? holds? “${target.key}”`)),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save stage' }));

    const panel = await screen.findByRole('region', { name: 'Leads on the old key' });
    expect(panel).toHaveTextContent(`${held} leads still hold the old key “${target.key}”`);
    expect(leadsOn(target.key)).toHaveLength(held);
    // The rate limit is met twice during the run (429 with Retry-After: 1): it waits, says so, goes on.
    fake.control.fail({ method: 'PATCH', path: '/v1/leads/{id}', status: 429, count: 2 });
    await user.click(within(panel).getByRole('button', { name: 'Move them to “renamed_key”' }));
    expect(await within(panel).findByText(/The server asked us to slow down/)).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar', { name: 'Leads moved' })).toBeInTheDocument();
    expect(
      await screen.findByText(`Moved ${held} leads to “renamed_key”.`, {}, { timeout: 40_000 }),
    ).toBeInTheDocument();
    expect(leadsOn(target.key)).toHaveLength(0);
    expect(leadsOn('renamed_key')).toHaveLength(held);
  }, 60_000);

  it('adds a stage with a key made from its name', async () => {
    await renderWithApp(<StageSettings />);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add a stage' });
    await user.type(within(form).getByLabelText('Stage name'), 'On hold');
    expect(within(form).getByLabelText('Stage key')).toHaveValue('on_hold');
    await user.click(within(form).getByRole('button', { name: 'Add stage' }));
    expect(await screen.findByRole('listitem', { name: 'On hold' })).toBeInTheDocument();
    expect(stages().at(-1)).toMatchObject({ key: 'on_hold', name: 'On hold', position: stages().length - 1 });
  });
});

describe('saving a new order', () => {
  function Harness({ order }: { order: () => LeadStage[] }) {
    const reorder = useReorderStages();
    // An observer, as the settings page is: a failed save re-reads the list it shows.
    useQuery(leadStagesQuery());
    return (
      <>
        <button type="button" onClick={() => reorder.mutate(order())}>
          Save order
        </button>
        <p>{reorder.isError ? 'failed' : reorder.isSuccess ? 'saved' : 'idle'}</p>
      </>
    );
  }
  const lastFirst = () => {
    const s = stages();
    return [s.at(-1)!, ...s.slice(0, -1)];
  };

  it('writes positions 0..n-1 in the new order', async () => {
    const expected = lastFirst().map((s) => s.id);
    await renderWithApp(<Harness order={lastFirst} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save order' }));
    expect(await screen.findByText('saved')).toBeInTheDocument();
    expect(stages().map((s) => s.id)).toEqual(expected);
    expect(stages().map((s) => s.position)).toEqual(expected.map((_, i) => i));
  });

  it('waits out a rate limit and still saves the whole order', async () => {
    const expected = lastFirst().map((s) => s.id);
    await renderWithApp(<Harness order={lastFirst} />);
    fake.control.fail({ method: 'PATCH', path: '/v1/lead-stages/{id}', status: 429, count: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Save order' }));
    expect(await screen.findByText('saved', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(stages().map((s) => s.id)).toEqual(expected);
  });

  it('re-reads the order from the server when a PATCH is refused', async () => {
    const { queryClient } = await renderWithApp(<Harness order={lastFirst} />);
    fake.control.fail({ method: 'PATCH', path: '/v1/lead-stages/{id}', status: 403, count: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Save order' }));
    expect(await screen.findByText('failed')).toBeInTheDocument();
    await waitFor(() =>
      expect(queryClient.getQueryData<LeadStage[]>(leadStageKeys.list())?.map((s) => s.id)).toEqual(
        stages().map((s) => s.id),
      ),
    );
  });
});
