import { z } from 'zod';
import { messageResultSchema } from '../auth';
import { scheduledWorkSchema } from '../scheduled-work';
import { endpoint } from './endpoint';

const tags = ['admin'];

/** Scheduled work (the job queue): what runs on its own, when it last ran, what failed. Staff only. */
export const scheduledWorkApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/scheduled-work',
    tags,
    summary: 'Scheduled work: each job, its schedule, waiting and running counts, last run and last failure',
    response: scheduledWorkSchema,
  }),
  runNow: endpoint({
    method: 'POST',
    path: '/api/admin/scheduled-work/:name/run',
    tags,
    summary: 'Queue one run of a job now (audited)',
    params: z.object({ name: z.string().regex(/^[a-z0-9.-]{1,60}$/) }),
    status: 202,
    response: messageResultSchema,
  }),
};
