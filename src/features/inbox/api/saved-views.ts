import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedViewCreate, SavedViewUpdate } from '@/contract';
import { refreshViews } from '@/data/saved-views';
import { call } from '@/lib/api-client';

// Saving, renaming and deleting views: the list (with every count) is read again after each.

export function useCreateView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedViewCreate) => call('views.create', { body }),
    onSettled: () => refreshViews(queryClient),
  });
}

export function useUpdateView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SavedViewUpdate }) =>
      call('views.update', { params: { id }, body }),
    onSettled: () => refreshViews(queryClient),
  });
}

export function useDeleteView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('views.delete', { params: { id } }),
    onSettled: () => refreshViews(queryClient),
  });
}
