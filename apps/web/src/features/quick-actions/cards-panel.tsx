import { CreditCard } from 'lucide-react';
import { useSite } from '../site/site-context';
import { ComingSoon } from './panel-frame';

/** Cards come in a later issue; until then the panel says so and where to turn for a lost card. */
export function CardsPanel() {
  const { support } = useSite();
  return (
    <ComingSoon icon={<CreditCard className="h-5 w-5" aria-hidden="true" />}>
      <p className="font-medium text-slate-900">Card management is not available online yet.</p>
      <p>
        To lock a card, report it lost or stolen, or change its PIN, call us at{' '}
        <a
          href={`tel:${support.phone.replace(/[^\d+]/g, '')}`}
          className="font-medium text-brand underline underline-offset-2"
        >
          {support.phone}
        </a>{' '}
        ({support.hours}).
      </p>
    </ComingSoon>
  );
}
