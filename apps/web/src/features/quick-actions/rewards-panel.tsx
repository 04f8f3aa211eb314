import { Gift } from 'lucide-react';
import { useSite } from '../site/site-context';
import { ComingSoon } from './panel-frame';

/** Spec §2: Rewards shows only a message that the program is being enhanced. */
export function RewardsPanel() {
  const { brand } = useSite();
  return (
    <ComingSoon icon={<Gift className="h-5 w-5" aria-hidden="true" />}>
      <p className="font-medium text-slate-900">The {brand.shortName} rewards program is being enhanced.</p>
      <p>We will let you know as soon as it is back.</p>
    </ComingSoon>
  );
}
