import { Send } from 'lucide-react';
import { Link } from 'react-router';
import { useSite } from '../site/site-context';
import { ComingSoon } from './panel-frame';

/** Spec §2: Zelle shows only a coming-soon message. */
export function ZellePanel() {
  const { brand } = useSite();
  return (
    <ComingSoon icon={<Send className="h-5 w-5" aria-hidden="true" />}>
      <p className="font-medium text-slate-900">Zelle® is coming soon to {brand.name}.</p>
      <p>
        Until then, you can send money to another member or to a US bank with{' '}
        <Link to="/dashboard#transfer-section" className="font-medium text-brand underline underline-offset-2">
          Transfer Money
        </Link>
        .
      </p>
    </ComingSoon>
  );
}
