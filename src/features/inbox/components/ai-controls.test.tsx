import { cleanup, configure, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation } from '@/contract';
import { renderWithApp } from '@/test/render';
import { AI_AGENTS, fake, withBff } from '@/test/bff';
import { rememberAiAgent, useAiAgentId } from '../ai-state';
import { conversationQuery } from '@/data/conversations';
import { AiBanner } from './ai-controls';
import { AiMenu } from './ai-menu';

withBff({ live: true });
// Two cores shared with other suites: give the fake and the first render time before failing.
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => {
  cleanup();
  localStorage.clear();
});

function Harness({ id }: { id: string }) {
  const conversation = useQuery(conversationQuery(id));
  if (!conversation.data) return <p>loading</p>;
  return (
    <>
      <AiMenu conversation={conversation.data} />
      <AiBanner conversation={conversation.data} />
      <p>loaded</p>
    </>
  );
}

const threadWith = (withAgent: boolean) => {
  const found = [...fake.workspace().social.threads.values()].find(
    (t) => (t.conv.ai_agent_id !== null) === withAgent,
  );
  if (!found) throw new Error('the seed has no such thread');
  return found.conv;
};

const agentName = (id: string) => AI_AGENTS.find((a) => a.id === id)!.name;

describe('AiBanner and AiMenu', () => {
  it('says which agent answers, and Take over hands the thread back', async () => {
    const conv = threadWith(true);
    const user = userEvent.setup();
    await renderWithApp(<Harness id={conv.id} />);
    const banner = await screen.findByText(/is answering this conversation/);
    expect(banner).toHaveTextContent(`${agentName(conv.ai_agent_id!)} is answering this conversation`);

    await user.click(screen.getByRole('button', { name: 'Take over' }));
    await waitFor(() => expect(screen.queryByText(/is answering this conversation/)).not.toBeInTheDocument());
    await waitFor(() => expect(fake.workspace().social.threads.get(conv.id)?.conv.ai_agent_id).toBeNull());
  });

  it('renders no banner while a person handles the thread, and hands it to an agent from the menu', async () => {
    const conv = threadWith(false);
    const user = userEvent.setup();
    await renderWithApp(<Harness id={conv.id} />);
    await screen.findByText('loaded');
    expect(screen.queryByText(/is answering this conversation/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hand to an AI agent' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Max (sales bot)' }));

    expect(await screen.findByText(/is answering this conversation/)).toHaveTextContent(
      'Max (sales bot) is answering this conversation',
    );
    await waitFor(() =>
      expect(fake.workspace().social.threads.get(conv.id)?.conv.ai_agent_id).toBe(AI_AGENTS[1].id),
    );
  });
});

describe('useAiAgentId', () => {
  const base = threadWith(false);

  it('trusts the record when it carries ai_agent_id, even over a local memory', () => {
    rememberAiAgent(base.id, AI_AGENTS[0].id);
    const { result } = renderHook(() => useAiAgentId({ ...base, ai_agent_id: null }));
    expect(result.current).toBeNull();
  });

  it('falls back to the last assignment made in this browser when the record lacks the field', () => {
    const { ai_agent_id: _dropped, ...withoutField } = base;
    const record: Conversation = withoutField;
    const { result } = renderHook(() => useAiAgentId(record));
    expect(result.current).toBeNull();
    act(() => rememberAiAgent(base.id, AI_AGENTS[1].id));
    expect(result.current).toBe(AI_AGENTS[1].id);
    act(() => rememberAiAgent(base.id, null));
    expect(result.current).toBeNull();
  });
});
