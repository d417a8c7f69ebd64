import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-error';

/**
 * The latest plan-limit refusal of any call in the app (sends and creates are what hit it), so the
 * inbox can say so once at the top instead of in each failed action.
 */
export function usePlanLimit(): [string | null, () => void] {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const check = (error: unknown) => {
      if (isApiError(error) && error.kind === 'plan-limit') setMessage(error.userMessage);
    };
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      unsubscribeMutations();
      unsubscribeQueries();
    };
  }, [queryClient]);
  return [message, () => setMessage(null)];
}
