import { Id } from '../common';
import { JobKind, JobList, JobSummary, JobsQuery } from '../jobs';
import { bffRoute } from './bff-define';

// The job queue as admins see it (src/contract/jobs.ts): a list, a cancel, a run-again.

const WHAT = 'Background jobs are';
const NEEDS = ['database', 'queue'] as const;

export const JOB_ROUTES = [
  bffRoute({
    id: 'jobs.list',
    method: 'GET',
    path: '/bff/jobs',
    query: JobsQuery,
    response: JobList,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'jobs.cancel',
    method: 'POST',
    path: '/bff/jobs/{kind}/{id}/cancel',
    params: { kind: JobKind, id: Id },
    response: JobSummary,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'jobs.retry',
    method: 'POST',
    path: '/bff/jobs/{kind}/{id}/retry',
    params: { kind: JobKind, id: Id },
    response: JobSummary,
    needs: NEEDS,
    what: WHAT,
  }),
] as const;
