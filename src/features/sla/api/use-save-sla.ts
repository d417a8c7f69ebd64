import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SlaSettingsBody } from '@/contract';
import { slaKeys } from '@/data/sla';
import { call } from '@/lib/api-client';

/** An admin's save of the calendar and every policy: the answer is what everyone reads next. */
export function useSaveSla() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: slaKeys.save(),
    mutationFn: (body: SlaSettingsBody) => call('sla.set', { body }),
    onSuccess: (settings) => queryClient.setQueryData(slaKeys.settings(), settings),
  });
}
