import { Smartphone } from 'lucide-react';
import { useSite } from '../site/site-context';
import { ComingSoon } from './panel-frame';

/** Mobile Deposit comes in a later issue; until then the panel says so plainly. */
export function MobileDepositPanel() {
  const { support } = useSite();
  return (
    <ComingSoon icon={<Smartphone className="h-5 w-5" aria-hidden="true" />}>
      <p className="font-medium text-slate-900">Mobile Deposit is not available online yet.</p>
      <p>
        Depositing a check from your phone is coming soon. Until then, e-mail{' '}
        <a href={`mailto:${support.email}`} className="font-medium text-brand underline underline-offset-2">
          {support.email}
        </a>{' '}
        and we will tell you how to deposit a check.
      </p>
    </ComingSoon>
  );
}
