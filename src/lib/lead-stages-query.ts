import { queryOptions } from '@tanstack/react-query';
import { callApi } from './api-client';
import { sortStages } from './lead-stages';

// The board and the stage settings read the stages through this one key, so a change made in the
// settings shows on the board at once.
export const LEAD_STAGES_KEY = ['lead-stages'] as const;

export const leadStagesQuery = () =>
  queryOptions({
    queryKey: LEAD_STAGES_KEY,
    queryFn: async ({ signal }) => sortStages(await callApi('leadStages.list', { signal })),
    staleTime: 60_000,
  });
