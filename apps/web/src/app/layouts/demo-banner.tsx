import { Info } from 'lucide-react';
import { useSite } from '../../features/site/site-context';

/** Shown in demo mode so nobody mistakes the made-up credit union for a real one. */
export function DemoBanner() {
  const site = useSite();
  if (!site.demo) return null;
  return (
    <section aria-label="Demonstration notice" className="bg-amber-50 text-amber-900" data-testid="demo-banner">
      <p
        className={[
          'mx-auto flex max-w-7xl items-center justify-center gap-2 px-4 py-1.5',
          'text-center text-xs sm:text-sm',
        ].join(' ')}
      >
        <Info className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          <strong>Demonstration:</strong> {site.brand.name} is not a real credit union. No real money or personal data.
        </span>
      </p>
    </section>
  );
}
