import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { callApi } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { createQueryClient } from '@/lib/query-client';
import { rateGate } from '@/lib/rate-limit';
import { fake, useFakeServer as withFakeServer } from '../../mocks/node';
import { RateLimitNotice } from './rate-limit-notice';

withFakeServer();
afterEach(cleanup);

function Tags() {
  const tags = useQuery({
    queryKey: ['tags'],
    queryFn: ({ signal }) => callApi('tags.list', { signal }),
  });
  return <p>{tags.data ? `${String(tags.data.data.length)} tags` : 'loading'}</p>;
}

describe('a rate limit met by a read', () => {
  it('reads Retry-After, holds every call, says so, and the read still arrives', async () => {
    // The app's own query defaults: the policy under test, not a test's.
    const queryClient = createQueryClient();
    fake.control.fail({ method: 'GET', path: '/v1/tags', status: 429, count: 2 });
    render(
      <QueryClientProvider client={queryClient}>
        <Tags />
        <RateLimitNotice />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/the server asked us to wait/)).toBeInTheDocument();
    expect(rateGate.heldUntil()).not.toBeNull();
    const state = queryClient.getQueryState(['tags']);
    expect(isApiError(state?.fetchFailureReason) && state.fetchFailureReason.retryAfterMs).toBe(1_000);
    const count = fake.workspace().crm.tags.size;
    expect(await screen.findByText(`${String(count)} tags`, {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/the server asked us to wait/)).not.toBeInTheDocument());
  });
});
