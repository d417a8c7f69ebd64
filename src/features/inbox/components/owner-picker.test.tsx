import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { fake, TEAM_MEMBERS, withBff } from '@/test/bff';
import { conversationQuery } from '@/data/conversations';
import { OwnerPicker } from './owner-picker';

withBff({ live: true });
// Two cores shared with other suites: give the fake and the first render time before failing.
configure({ asyncUtilTimeout: 5_000 });
// Vitest runs without globals here, so Testing Library cannot unmount between tests by itself.
afterEach(cleanup);

/** Mounted as the thread header does: the picker reads the conversation from the detail cache. */
function Harness({ id }: { id: string }) {
  const conversation = useQuery(conversationQuery(id));
  return conversation.data ? <OwnerPicker conversation={conversation.data} /> : <p>loading</p>;
}

const thread = (predicate: (ownerId: string | null) => boolean) => {
  const found = [...fake.workspace().social.threads.values()].find(
    (t) => !t.conv.is_group && predicate(t.conv.assigned_to_user_id ?? null),
  );
  if (!found) throw new Error('the seed has no such thread');
  return found.conv;
};

const nameOf = (id: string) => TEAM_MEMBERS.find((m) => m.id === id)!.name;

describe('OwnerPicker', () => {
  it('shows the owner and assigns the thread to a teammate', async () => {
    const conv = thread((owner) => owner === TEAM_MEMBERS[0].id);
    const user = userEvent.setup();
    await renderWithApp(<Harness id={conv.id} />);
    const trigger = await screen.findByRole('button', {
      name: `Owner: ${nameOf(TEAM_MEMBERS[0].id)}. Change owner`,
    });

    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: 'Ana Agent' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Sam Support' }));

    expect(
      await screen.findByRole('button', { name: 'Owner: Sam Support. Change owner' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.workspace().social.threads.get(conv.id)?.conv.assigned_to_user_id).toBe(TEAM_MEMBERS[3].id),
    );
  });

  it('leaves the thread unowned with "Unassigned"', async () => {
    const conv = thread((owner) => owner !== null);
    const user = userEvent.setup();
    await renderWithApp(<Harness id={conv.id} />);
    await user.click(await screen.findByRole('button', { name: /^Owner: .+ Change owner$/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Unassigned' }));

    expect(
      await screen.findByRole('button', { name: 'Owner: Unassigned. Change owner' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.workspace().social.threads.get(conv.id)?.conv.assigned_to_user_id).toBeNull(),
    );
  });

  it('shows the new owner at once and rolls back when the upstream refuses', async () => {
    const conv = thread((owner) => owner === null);
    // Slow and then refused: the optimistic owner is on screen while the call is out.
    fake.control.fail({
      method: 'PATCH',
      path: '/v1/conversations/{id}/assign-owner',
      status: 500,
      message: 'boom',
      delayMs: 300,
    });
    const user = userEvent.setup();
    await renderWithApp(<Harness id={conv.id} />);
    await user.click(await screen.findByRole('button', { name: 'Owner: Unassigned. Change owner' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Lee Sales' }));

    expect(await screen.findByRole('button', { name: 'Owner: Lee Sales. Change owner' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Owner: Unassigned. Change owner' }),
    ).toBeInTheDocument();
    expect(fake.workspace().social.threads.get(conv.id)?.conv.assigned_to_user_id ?? null).toBeNull();
  });
});
