import type { AppDeps } from '../../deps';
import { sweepRateLimits } from '../../http/rate-limit-store';
import type { JobDefinition } from '../../jobs/job-queue';
import { sendDueBillPayments } from '../bill-pay/send-bill-payments';
import { expireAuthorizations } from '../cards/settle';
import { releaseDueHolds } from '../deposits/release-holds';
import { fileSweeper } from '../files/sweep-files';
import { expireDueOrders } from '../payments/resolve-payment-order';
import { issueDueStatements, runMonth, STATEMENTS_JOB } from '../statements/statement-runs';

/** What a job that counts its work reports ("3 deposit hold(s) released"), or nothing when there was none. */
const counted = (count: number, what: string) => (count > 0 ? `${count} ${what}` : undefined);
/** A run's summary from its counted parts; none when nothing happened. */
const said = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(', ') || undefined;
/** Rows a run could not do: named in the log by their ids, tried again at the next run. */
const leftOver = (errors: number) => counted(errors, 'left for the next run (see the log)');

/**
 * Everything the portal does on its own, on the job queue (jobs/job-queue.ts). Bill pay,
 * statements and dividends, check deposits' holds, card authorizations' holds and uploaded bytes
 * no record refers to are here.
 */
export function scheduledJobs(
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock' | 'logger' | 'database' | 'secrets' | 'storage'>,
): JobDefinition[] {
  // Remembers where its last run stopped: each run goes on from there.
  const files = fileSweeper(deps, deps.config.fileSweep);
  const jobs: JobDefinition[] = [
    {
      name: 'mail.deliver',
      title: 'Send waiting e-mail',
      schedule: { cron: '* * * * *', every: 'Every minute' },
      catchUpAtStart: true,
      // Each message keeps its own tries (mail_outbox.attempts); the job itself retries soon.
      retryDelaySeconds: 10,
      run: async () => {
        if (deps.mailer.mode !== 'smtp') return undefined;
        return counted(await deps.mailer.flush(), 'e-mail(s) sent');
      },
    },
    {
      name: 'rate-limits.sweep',
      title: 'Forget rate-limit windows that are over',
      schedule: { cron: '*/10 * * * *', every: 'Every 10 minutes' },
      run: async () => counted(await sweepRateLimits(deps.database), 'rate-limit window(s) forgotten'),
    },
    {
      name: 'bill-pay.send',
      title: `Send bill payments due at the ${deps.config.billPay.cutOff} cut-off (${deps.config.timeZone})`,
      schedule: { cron: '* * * * *', every: 'Every minute' },
      // A payment that fell due while no instance ran is sent at the next start.
      catchUpAtStart: true,
      retryDelaySeconds: 30,
      run: async () => {
        const done = await sendDueBillPayments(deps, deps.clock());
        const parts = said(
          counted(done.sent, 'sent'),
          counted(done.held, 'held'),
          counted(done.failed, 'failed'),
          leftOver(done.errors),
        );
        return parts && `Bill payments: ${parts}`;
      },
    },
    {
      name: 'deposits.release-holds',
      title: `Make check deposits' held money available on its day (${deps.config.timeZone})`,
      schedule: { cron: '* * * * *', every: 'Every minute' },
      // Money whose day came while no instance ran is released at the next start.
      catchUpAtStart: true,
      retryDelaySeconds: 30,
      run: async () => {
        const done = await releaseDueHolds(deps, deps.clock());
        return said(counted(done.released, 'deposit hold(s) released'), leftOver(done.errors));
      },
    },
    {
      name: 'cards.expire-authorizations',
      title: `Let go of card holds the merchant did not complete within ${deps.config.cards.holdDays} days`,
      schedule: { cron: '*/15 * * * *', every: 'Every 15 minutes' },
      catchUpAtStart: true,
      retryDelaySeconds: 60,
      run: async () => {
        const done = await expireAuthorizations(deps, deps.clock());
        return said(counted(done.expired, 'card authorization(s) expired'), leftOver(done.errors));
      },
    },
    {
      name: 'files.sweep',
      title: `Delete uploaded files no record refers to, once ${deps.config.fileSweep.graceMinutes} minutes old`,
      schedule: { cron: '40 * * * *', every: 'Every hour at :40' },
      retryDelaySeconds: 300,
      run: async () => {
        const done = await files.run(deps.clock());
        if (done.refused) return 'Nothing deleted: the database records no uploaded file (see the log)';
        return said(counted(done.deleted, 'unreferenced file(s) deleted'), leftOver(done.errors));
      },
    },
    {
      name: STATEMENTS_JOB,
      title: `Post savings dividends and issue monthly statements when a month closes (${deps.config.timeZone})`,
      schedule: { cron: '10 * * * *', every: 'Every hour at :10' },
      // A month that closed while no instance ran is issued at the next start.
      catchUpAtStart: true,
      retryDelaySeconds: 60,
      run: async (data) => {
        const now = deps.clock();
        if (typeof data.period === 'string') {
          const run = await runMonth(deps, data.period, now);
          return `Statements for ${data.period}: ${run.issued} issued, ${run.failed} failed`;
        }
        const done = await issueDueStatements(deps, now);
        if (done.months === 0) return undefined;
        return `Statements: ${done.issued} issued over ${done.months} month(s), ${done.failed} failed`;
      },
    },
  ];
  if (deps.config.paymentOrders.expiryHours > 0) {
    jobs.push({
      name: 'payment-orders.expire',
      title: `Expire payment orders pending more than ${deps.config.paymentOrders.expiryHours} hours`,
      schedule: { cron: '*/5 * * * *', every: 'Every 5 minutes' },
      catchUpAtStart: true,
      run: async () => {
        const done = await expireDueOrders(deps, deps.clock());
        return said(counted(done.expired, 'payment order(s) expired'), leftOver(done.errors));
      },
    });
  }
  return jobs;
}
