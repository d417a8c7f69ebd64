import { QueryClient, QueryObserver, notifyManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { promptly } from './promptly';

/** A screen's view of one cache entry, subscribed as useQuery subscribes: the values it was told. */
function watch(queryClient: QueryClient) {
  const told: unknown[] = [];
  const observer = new QueryObserver(queryClient, { queryKey: ['board'], enabled: false });
  const stop = observer.subscribe(notifyManager.batchCalls((result) => told.push(result.data)));
  return { told, stop };
}

const microtasks = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('promptly', () => {
  it('tells the screens of a write made in it within the same task', async () => {
    const queryClient = new QueryClient();
    const { told, stop } = watch(queryClient);
    promptly(() => queryClient.setQueryData(['board'], 'card moved'));
    await microtasks();
    expect(told).toEqual(['card moved']);
    stop();
  });

  it('leaves other writes to the next task, batched as TanStack Query does', async () => {
    const queryClient = new QueryClient();
    const { told, stop } = watch(queryClient);
    queryClient.setQueryData(['board'], 'read again');
    await microtasks();
    expect(told).toEqual([]);
    await nextTask();
    expect(told).toEqual(['read again']);
    stop();
  });

  it('stays prompt only while the write runs, even when it throws', async () => {
    const queryClient = new QueryClient();
    const { told, stop } = watch(queryClient);
    expect(() =>
      promptly(() => {
        throw new Error('no column');
      }),
    ).toThrow('no column');
    queryClient.setQueryData(['board'], 'later');
    await microtasks();
    expect(told).toEqual([]);
    await nextTask();
    expect(told).toEqual(['later']);
    stop();
  });
});
