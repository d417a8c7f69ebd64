import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation } from '@/contract';
import { phone } from '@/lib/phone';
import { renderWithApp } from '@/test/render';
import { fake, withBff } from '@/test/bff';
import { GroupPanel } from './group-panel';

withBff({ live: true });
// Two cores shared with other suites: give the fake and the first render time before failing.
configure({ asyncUtilTimeout: 5_000 });
afterEach(cleanup);

function groupThread() {
  const thread = [...fake.workspace().social.threads.values()].find((t) => t.conv.is_group);
  if (!thread) throw new Error('the seed has no group thread');
  const group = fake.workspace().social.groups.get(thread.conv.external_thread_id)!;
  return { conv: structuredClone(thread.conv) as Conversation, group };
}

describe('GroupPanel', () => {
  it('shows the group, approves one join request and then all of them', async () => {
    const { conv, group } = groupThread();
    const requests = group.join_requests.map((r) => r.phone);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    const participantsBefore = group.participants.length;
    const user = userEvent.setup();
    await renderWithApp(<GroupPanel conversation={conv} />);

    expect(await screen.findByRole('heading', { name: group.subject })).toBeInTheDocument();
    expect(screen.getByText(group.description!)).toBeInTheDocument();
    const participants = screen.getByRole('heading', { name: `Participants (${participantsBefore})` });
    expect(participants).toBeInTheDocument();
    const first = group.participants[0]!;
    expect(screen.getByText(phone(first.phone))).toBeInTheDocument();

    // The approve buttons show once /bff/me has said the role.
    await user.click(await screen.findByRole('button', { name: `Approve ${phone(requests[0])}` }));
    expect(
      await screen.findByRole('heading', { name: `Participants (${participantsBefore + 1})` }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Approve ${phone(requests[0])}` })).not.toBeInTheDocument();
    expect(group.participants.some((p) => p.phone === requests[0])).toBe(true);

    if (requests.length > 2) await user.click(screen.getByRole('button', { name: 'Approve all' }));
    else await user.click(screen.getByRole('button', { name: `Approve ${phone(requests[1])}` }));
    expect(
      await screen.findByRole('heading', { name: `Participants (${participantsBefore + requests.length})` }),
    ).toBeInTheDocument();
    expect(group.join_requests).toHaveLength(0);
    // With no request left, the panel offers to approve typed numbers instead.
    expect(screen.getByRole('textbox', { name: 'Numbers to approve' })).toBeInTheDocument();
  });

  it('approves typed numbers when the upstream lists none, refusing numbers without a country code', async () => {
    const { conv, group } = groupThread();
    group.join_requests = [];
    const user = userEvent.setup();
    await renderWithApp(<GroupPanel conversation={conv} />);
    const field = await screen.findByRole('textbox', { name: 'Numbers to approve' });

    await user.type(field, '07700 900123');
    await user.click(screen.getByRole('button', { name: 'Approve numbers' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Not a full international number: 07700 900123/);

    // A request that arrived after the panel loaded, approved by typing its number.
    group.join_requests.push({ phone: '447700900123', requested_at: new Date().toISOString() });
    await user.clear(field);
    await user.type(field, '+44 7700 900123');
    await user.click(screen.getByRole('button', { name: 'Approve numbers' }));
    await waitFor(() => expect(group.participants.some((p) => p.phone === '447700900123')).toBe(true));
    expect(field).toHaveValue('');
  });

  it('copies the invite link and rotates it after confirming; the old link stops working', async () => {
    const { conv, group } = groupThread();
    const oldLink = group.invite_link;
    expect(fake.control.inviteLinkValid(oldLink)).toBe(true);
    const user = userEvent.setup();
    await renderWithApp(<GroupPanel conversation={conv} />);
    expect(await screen.findByText(oldLink)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(oldLink);

    await user.click(screen.getByRole('button', { name: 'Rotate link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the invite link?' });
    expect(dialog).toHaveTextContent('The current link stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate link' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(group.invite_link)).toBeInTheDocument();
    expect(group.invite_link).not.toBe(oldLink);
    expect(screen.queryByText(oldLink)).not.toBeInTheDocument();
    expect(fake.control.inviteLinkValid(oldLink)).toBe(false);
    expect(fake.control.inviteLinkValid(group.invite_link)).toBe(true);
  });

  it('names the missing scope when the key may not manage groups', async () => {
    const { conv } = groupThread();
    fake.control.fail({
      method: 'GET',
      path: '/v1/chat/wa-groups/{groupId}',
      status: 403,
      message: 'Missing scope(s): wa-groups:manage',
    });
    await renderWithApp(<GroupPanel conversation={conv} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Group management is not allowed');
    expect(alert).toHaveTextContent('Missing scope(s): wa-groups:manage');
  });

  it('renders nothing for a one-to-one thread', async () => {
    const thread = [...fake.workspace().social.threads.values()].find((t) => !t.conv.is_group)!;
    const { container } = await renderWithApp(<GroupPanel conversation={structuredClone(thread.conv)} />);
    expect(container).toBeEmptyDOMElement();
  });
});
