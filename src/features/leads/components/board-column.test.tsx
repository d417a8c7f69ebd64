import { DndContext } from '@dnd-kit/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lead, LeadStage } from '@/contract';
import { count } from '@/lib/format';
import { renderWithApp } from '@/test/render';
import { fake, withBff } from '@/test/bff';
import { useMoveLead } from '../api/use-move-lead';
import { columnSums, formatSums } from '../model/column-aggregates';
import { StageColumn } from './stage-column';

withBff();
afterEach(cleanup);

const crm = () => fake.workspace().crm;
const stageWithMostLeads = (): { stage: LeadStage; leads: Lead[] } => {
  const leads = [...crm().leads.values()];
  const withCounts = crm().stages.map((stage) => ({
    stage,
    leads: leads.filter((l) => l.status === stage.key),
  }));
  return withCounts.sort((a, b) => b.leads.length - a.leads.length)[0]!;
};

function Column({ stage, owner }: { stage: LeadStage; owner?: string }) {
  return (
    <DndContext>
      <StageColumn stage={stage} filters={{}} owner={owner} ownerNames={new Map()} onOpen={() => undefined} />
    </DndContext>
  );
}

describe('a board column', () => {
  it('reads every page and shows the count and sums of the whole stage', async () => {
    const { stage, leads } = stageWithMostLeads();
    expect(leads.length).toBeGreaterThan(100); // more than one page
    // The second window answers slowly, so the progress line can be seen.
    fake.control.fail({ method: 'GET', path: '/v1/leads', count: 1, delayMs: 0 });
    fake.control.fail({ method: 'GET', path: '/v1/leads', count: 1, delayMs: 400 });
    await renderWithApp(<Column stage={stage} />);
    const column = await screen.findByRole('region', { name: stage.name });
    expect(await within(column).findByLabelText(`${count(leads.length)} leads`)).toBeInTheDocument();
    expect(within(column).getByRole('status')).toHaveTextContent(`100 of ${count(leads.length)} loaded`);
    await waitFor(() => expect(within(column).queryByRole('status')).not.toBeInTheDocument());
    expect(within(column).getByText(formatSums(columnSums(leads)))).toBeInTheDocument();
    expect(within(column).getAllByRole('button').length).toBeGreaterThan(0);
  });

  it('with the owner filter, counts matches "so far" until every lead of the stage is read', async () => {
    const { stage, leads } = stageWithMostLeads();
    const owner = leads.find((l) => l.assigned_to_user_id)!.assigned_to_user_id!;
    const theirs = leads.filter((l) => l.assigned_to_user_id === owner);
    fake.control.fail({ method: 'GET', path: '/v1/leads', count: 1, delayMs: 0 });
    fake.control.fail({ method: 'GET', path: '/v1/leads', count: 1, delayMs: 400 });
    await renderWithApp(<Column stage={stage} owner={owner} />);
    const column = await screen.findByRole('region', { name: stage.name });
    const progress = await within(column).findByRole('status');
    expect(progress).toHaveTextContent(
      new RegExp(`^\\d+ match so far · 100 of ${count(leads.length)} scanned$`),
    );
    expect(within(column).getByLabelText(/matching leads so far$/)).toHaveTextContent(/\+$/);
    // Read to the end: the count is the true one and says so plainly.
    expect(await within(column).findByLabelText(`${count(theirs.length)} leads`)).toHaveTextContent(
      new RegExp(`^${count(theirs.length)}$`),
    );
  });

  it('says when the stage cannot be read and tries again', async () => {
    const { stage } = stageWithMostLeads();
    fake.control.fail({ method: 'GET', path: '/v1/leads', status: 500, count: 1 });
    await renderWithApp(<Column stage={stage} />);
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const list = await screen.findByRole('list', { name: `Leads in ${stage.name}` }, { timeout: 5000 });
    expect(within(list).getAllByRole('button').length).toBeGreaterThan(0);
  });

  it('moves a card at once and puts it back when the upstream refuses', async () => {
    const [from, to] = crm().stages;
    const lead = [...crm().leads.values()].find((l) => l.status === from!.key)!;
    const fromCount = [...crm().leads.values()].filter((l) => l.status === from!.key).length;
    function Harness() {
      const move = useMoveLead();
      return (
        <>
          <button type="button" onClick={() => move.mutate({ lead, from: from!.key, to: to!.key })}>
            Move it
          </button>
          <Column stage={from!} />
          <Column stage={to!} />
        </>
      );
    }
    fake.control.fail({
      method: 'PATCH',
      path: '/v1/leads/{id}',
      status: 400,
      count: 1,
      delayMs: 150,
      message: 'status must be a lead stage key',
    });
    await renderWithApp(<Harness />);
    const source = await screen.findByRole('region', { name: from!.name });
    await within(source).findByLabelText(`${count(fromCount)} leads`);
    await userEvent.click(screen.getByRole('button', { name: 'Move it' }));
    // Optimistic: one fewer at once.
    expect(await within(source).findByLabelText(`${count(fromCount - 1)} leads`)).toBeInTheDocument();
    // Refused: back to where it was, and the upstream still has it there.
    expect(await within(source).findByLabelText(`${count(fromCount)} leads`)).toBeInTheDocument();
    expect(crm().leads.get(lead.id)?.status).toBe(from!.key);
  });
});
