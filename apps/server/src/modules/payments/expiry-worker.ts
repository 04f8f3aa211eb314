import type { AppDeps } from '../../deps';
import { expireDueOrders } from './resolve-payment-order';

export interface PaymentOrderExpiry {
  start(): void;
  /** Stops the timer and waits for a sweep under way, so the database is not closed beneath it. */
  stop(): Promise<void>;
}

/**
 * Lets lapsed payment orders expire in the running server: a sweep every
 * PAYMENT_ORDER_SWEEP_SECONDS (first one at start), on an unref'd timer so it never keeps the
 * process alive. Off when the interval or the expiry is 0 (tests leave it off unless they ask).
 * Sweeps never overlap; each order is its own transaction and locked, so several app instances
 * sweeping at once expire each order exactly once.
 */
export function createPaymentOrderExpiry(
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock' | 'logger'>,
): PaymentOrderExpiry {
  const { sweepSeconds, expiryHours } = deps.config.paymentOrders;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const sweep = () => {
    running ??= expireDueOrders(deps, deps.clock())
      .then(({ expired }) => {
        if (expired > 0) deps.logger.info({ expired }, 'payment orders expired');
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, 'payment order expiry failed'))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    start() {
      if (timer || sweepSeconds === 0 || expiryHours === 0) return;
      timer = setInterval(sweep, sweepSeconds * 1000);
      timer.unref();
      sweep();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
