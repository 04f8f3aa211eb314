import { Info, TriangleAlert } from 'lucide-react';
import { useSite } from '../../features/site/site-context';

const bannerText = [
  'mx-auto flex max-w-7xl items-center justify-center gap-2 px-4 py-1.5',
  'text-center text-xs sm:text-sm',
].join(' ');

/**
 * Shown in demo mode so nobody mistakes the made-up credit union for a real one; and whenever the
 * dev mailbox is open to anyone (DEV_MAILBOX=public), so nobody signs in believing their code is
 * private.
 */
export function DemoBanner() {
  const site = useSite();
  if (!site.demo && !site.devMailboxPublic) return null;
  return (
    <section aria-label="Demonstration notice" className="bg-amber-50 text-amber-900" data-testid="demo-banner">
      {site.demo && (
        <p className={bannerText}>
          <Info className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            <strong>Demonstration:</strong> {site.brand.name} is not a real credit union. No real money or personal
            data.
          </span>
        </p>
      )}
      {site.devMailboxPublic && (
        <p className={`${bannerText} font-medium`} data-testid="public-mailbox-notice">
          <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            <strong>Public mailbox:</strong> every sign-in code and e-mail this site sends can be read by anyone at{' '}
            <a href="/dev/mailbox" className="underline underline-offset-2">
              /dev/mailbox
            </a>
            .
          </span>
        </p>
      )}
    </section>
  );
}
