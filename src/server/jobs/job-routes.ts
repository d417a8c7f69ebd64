import type { JOB_ROUTES } from '../../contract/routes/jobs';
import { JOB_LIST_LIMIT, type JobKind } from '../../contract';
import { sendBffError } from '../bff-error';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import type { JobControls } from './job-controls';
import type { JobQueue } from './job-queue';

// `GET /bff/jobs`, `POST /bff/jobs/{kind}/{id}/cancel` and `…/retry` (admins, roles.ts): the queue's
// jobs as a person reads them, a cancel that goes through the job's feature, and a re-run of a job
// that failed for good (its handler is safe to run again: every job's work is keyed, so what it
// did before is not done twice).

type JobRouteId = (typeof JOB_ROUTES)[number]['id'];

export function jobHandlers(deps: {
  readonly jobs: JobQueue;
  readonly controls: JobControls;
}): BffHandlers<JobRouteId> {
  const { jobs, controls } = deps;
  // The path's kind was parsed by the route's schema (JobKind); QUEUES' names are those kinds.
  const find = (kind: string, id: string) => jobs.find(kind as JobKind, id);
  return {
    'jobs.list': async ({ query }) => ({
      data: (
        await jobs.list(
          { ...(query.kind ? { queue: query.kind } : {}), ...(query.state ? { state: query.state } : {}) },
          JOB_LIST_LIMIT,
        )
      ).map((job) => controls.summary(job)),
    }),

    'jobs.cancel': async ({ params, reply }) => {
      const job = await find(params.kind, params.id);
      if (!job) return sendBffError(reply, 404, 'No such job');
      if (job.state !== 'created' && job.state !== 'retry')
        return sendBffError(
          reply,
          409,
          job.state === 'active'
            ? 'This job is running; it cannot be cancelled now'
            : `This job is ${job.state} already`,
        );
      const control = controls.of(job.queue);
      if (!control) return sendBffError(reply, 409, 'This kind of job cannot be cancelled');
      if (!(await control.cancel(job.data)))
        return sendBffError(reply, 409, 'Its work cannot be taken back any more');
      // The feature has let go of it; a job it left on the queue would find nothing to do.
      await jobs.cancel(job.queue, job.id);
      const now = await find(params.kind, params.id);
      return now ? controls.summary(now) : sendBffError(reply, 404, 'No such job');
    },

    'jobs.retry': async ({ params, reply }) => {
      const job = await find(params.kind, params.id);
      if (!job) return sendBffError(reply, 404, 'No such job');
      if (job.state !== 'failed') return sendBffError(reply, 409, 'Only a job that failed can be run again');
      await jobs.retry(job.queue, job.id);
      const now = await find(params.kind, params.id);
      return now ? controls.summary(now) : sendBffError(reply, 404, 'No such job');
    },
  };
}
