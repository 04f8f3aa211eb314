import { scheduledWorkApi as api } from '@mutual/shared/contract/scheduled-work';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { actorOf, requestMeta, signedIn } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { staffRoutes } from '../../http/route-groups';
import type { JobQueue } from '../../jobs/job-queue';
import { recordAudit } from '../audit/record-audit';
import { scheduledWork } from './scheduled-work';

/** Scheduled work for staff: the jobs and their state, and "Run now". Contract: scheduled-work.ts. */
export const scheduledWorkRoutes = (deps: AppDeps, queue: JobQueue) =>
  staffRoutes(async (app) => {
    app.route({ ...routeOf(api.list), handler: async () => scheduledWork(deps.db, queue) });

    app.route({
      ...routeOf(api.runNow),
      handler: async (request, reply) => {
        const definition = queue.definitions.find((job) => job.name === request.params.name);
        if (!definition) throw new AppError('NOT_FOUND', 'There is no such scheduled job.');
        if (!queue.running) throw new AppError('CONFLICT', 'Scheduled work is switched off on this server.');
        await queue.send(definition.name);
        await recordAudit(deps.db, {
          at: deps.clock(),
          action: 'scheduled_work.run_now',
          actor: actorOf(signedIn(request)),
          meta: requestMeta(request),
          after: { job: definition.name },
        });
        return reply.status(202).send({ message: `${definition.title}: queued to run now.` });
      },
    });
  })(deps);
