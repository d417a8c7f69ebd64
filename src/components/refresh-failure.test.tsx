import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { tagsQuery } from '@/data/tags';
import { createQueryClient } from '@/lib/query-client';
import { fake, withBff } from '@/test/bff';
import { LazyToaster } from './lazy-toaster';

withBff();
afterEach(cleanup);

function Tags() {
  const { data } = useSuspenseQuery(tagsQuery());
  return <p>{`${String(data.length)} tags`}</p>;
}

function renderTags() {
  // The app's own query defaults, with no retry so a failure is final at once.
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<p>loading</p>}>
        <Tags />
      </Suspense>
      <LazyToaster />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('a refresh that fails', () => {
  it('keeps what is shown and says so in a toast', async () => {
    const queryClient = renderTags();
    const shown = `${String(fake.workspace().crm.tags.size)} tags`;
    expect(await screen.findByText(shown)).toBeInTheDocument();
    fake.control.fail({ method: 'GET', path: '/v1/tags', status: 500, message: 'Upstream exploded' });
    await act(() => queryClient.refetchQueries({ queryKey: tagsQuery().queryKey }));
    expect(await screen.findByText('Some of what you see could not be refreshed')).toBeInTheDocument();
    expect(screen.getByText(shown)).toBeInTheDocument();
  });

  it('leaves a first read that fails to the screen’s error state (no toast)', async () => {
    fake.control.fail({ method: 'GET', path: '/v1/tags', status: 500, message: 'Upstream exploded' });
    const queryClient = createQueryClient();
    await expect(queryClient.fetchQuery({ ...tagsQuery(), retry: false })).rejects.toThrow(
      'Upstream exploded',
    );
    render(<LazyToaster />);
    expect(screen.queryByText('Some of what you see could not be refreshed')).not.toBeInTheDocument();
  });
});
