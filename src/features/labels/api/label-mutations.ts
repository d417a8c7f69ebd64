import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LabelCreate, LabelUpdate } from '@/contract';
import { labelKeys, replaceLabels } from '@/data/labels';
import { call } from '@/lib/api-client';

// The label list's changes (managers, admins): each answer (or the live `labels.replaced`) puts
// the list in its cache, then it is read again so the order is the BFF's.

export function useCreateLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LabelCreate) => call('labels.create', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: labelKeys.list() }),
  });
}

export function useUpdateLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LabelUpdate }) =>
      call('labels.update', { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: labelKeys.list() }),
  });
}

export function useDeleteLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('labels.delete', { params: { id } }),
    onSuccess: ({ labels }) => replaceLabels(queryClient, labels),
  });
}
