import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { createQueryClient } from '@/lib/query-client';
import { announceRateLimits } from '@/lib/rate-limit-toast';
import { fake, withBff } from '@/test/bff';
import { LazyToaster } from './lazy-toaster';

withBff();
afterEach(cleanup);

function Tags() {
  const tags = useQuery({
    queryKey: ['tags'],
    queryFn: ({ signal }) => call('tags.list', { signal }),
  });
  return <p>{tags.data ? `${String(tags.data.data.length)} tags` : 'loading'}</p>;
}

/** As the app's root layout does. */
function Announcer() {
  useEffect(() => announceRateLimits(), []);
  return null;
}

describe('a rate limit met by a read', () => {
  it('reads Retry-After, holds every call, says so in a toast, and the read still arrives', async () => {
    // The app's own query defaults: the policy under test, not a test's.
    const queryClient = createQueryClient();
    fake.control.fail({ method: 'GET', path: '/v1/tags', status: 429, count: 2 });
    render(
      <QueryClientProvider client={queryClient}>
        <Announcer />
        <Tags />
        <LazyToaster />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/the server asked us to wait/)).toBeInTheDocument();
    expect(screen.getByText(/^Going on in \d+ s\. Nothing is lost\.$/)).toBeInTheDocument();
    const state = queryClient.getQueryState(['tags']);
    expect(isApiError(state?.fetchFailureReason) && state.fetchFailureReason.retryAfterMs).toBe(1_000);
    const count = fake.workspace().crm.tags.size;
    expect(await screen.findByText(`${String(count)} tags`, {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
