import { z } from 'zod';

/** One kind of scheduled work as staff see it (Scheduled work panel, `GET /api/admin/scheduled-work`). */
export const scheduledJobSchema = z.object({
  name: z.string(),
  title: z.string(),
  /** How often it runs on its own ("Every 5 minutes"), or null when it runs only when sent. */
  every: z.string().nullable(),
  /** Waiting to run (including retries), running now, and retries among the waiting. */
  waiting: z.number().int(),
  active: z.number().int(),
  retrying: z.number().int(),
  /** Runs that failed for good (every retry used) in the last 24 hours. */
  failedLastDay: z.number().int(),
  lastCompletedAt: z.string().nullable(),
  lastFailedAt: z.string().nullable(),
  /** The error of the latest failed try, in the words of whatever failed. */
  lastError: z.string().nullable(),
});
export type ScheduledJob = z.infer<typeof scheduledJobSchema>;

export const scheduledWorkSchema = z.object({
  /** Whether the instance that answered works the queue (every instance does, unless JOBS_ENABLED=false). */
  running: z.boolean(),
  jobs: z.array(scheduledJobSchema),
});
export type ScheduledWork = z.infer<typeof scheduledWorkSchema>;
