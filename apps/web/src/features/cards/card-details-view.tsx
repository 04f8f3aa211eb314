import type { Card, CardDetails } from '@mutual/shared';
import { EyeOff } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { useCopy } from '../../lib/use-copy';
import { CopyButton } from '../profile/copy-button';
import { useCardDetails } from './cards-api';
import { cardErrorMessage, codeExpiredMessage, groupDigits } from './format';

/** Spoken once the details are gone, and shown in their place. */
export const HIDDEN_AGAIN = 'Hidden again for your safety.';

type View =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'shown'; details: CardDetails }
  | { state: 'hidden' };

/**
 * View Card Details, after the card code: fetched at once (the server audits it), shown with a
 * visible countdown of `seconds`, then dropped from memory and replaced by "Hidden again for your
 * safety." The countdown runs against a deadline, not a tick count, so a tab the browser slowed
 * down in the background still hides them on time.
 */
export function CardDetailsView({
  card,
  challengeId,
  seconds,
  onCodeExpired,
  onViewChange,
  onClose,
}: {
  card: Card;
  challengeId: string;
  seconds: number;
  onCodeExpired: (message: string) => void;
  /** The view took the place of the last one (the details, a refusal, "Hidden again"). */
  onViewChange: () => void;
  onClose: () => void;
}) {
  const details = useCardDetails();
  const [view, setView] = useState<View>({ state: 'loading' });
  const show = (next: View) => {
    setView(next);
    onViewChange();
  };
  const [left, setLeft] = useState(seconds);
  const fetched = useRef(false);

  const fetchOnce = useEffectEvent(() => {
    details.mutateAsync({ cardId: card.id, challengeId }).then(
      (answer) => show({ state: 'shown', details: answer }),
      (error: unknown) => {
        const expired = codeExpiredMessage(error);
        if (expired) onCodeExpired(expired);
        else show({ state: 'failed', message: cardErrorMessage(error) });
      },
    );
  });
  // Once: the verified code is spent by this call.
  useEffect(() => {
    if (fetched.current) return;
    fetched.current = true;
    fetchOnce();
  }, []);

  const shown = view.state === 'shown';
  const hideAgain = useEffectEvent(() => {
    show({ state: 'hidden' });
    details.reset();
  });
  useEffect(() => {
    if (!shown) return;
    const deadline = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        hideAgain();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [shown, seconds]);

  if (view.state === 'loading') {
    return (
      <p role="status" className="text-sm text-slate-700">
        Loading card details…
      </p>
    );
  }
  if (view.state === 'failed') return <Alert tone="error">{view.message}</Alert>;
  if (view.state === 'hidden') {
    return (
      <div className="space-y-4">
        <Alert tone="info">{HIDDEN_AGAIN}</Alert>
        <div className="flex justify-end">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  }
  return <ShownDetails details={view.details} left={left} seconds={seconds} onHide={onClose} />;
}

function ShownDetails({
  details,
  left,
  seconds,
  onHide,
}: {
  details: CardDetails;
  left: number;
  seconds: number;
  onHide: () => void;
}) {
  const { copied, failed, copy } = useCopy();
  const key = 'card-number';
  const rows: [string, string, string][] = [
    ['Expires', details.expiry, 'card-details-expiry'],
    ['CVV', details.cvv, 'card-details-cvv'],
    ['Name on card', details.nameOnCard, 'card-details-name'],
  ];
  return (
    <div className="space-y-4" data-testid="card-details">
      <p role="status" className="text-sm text-slate-700">
        {details.message}
      </p>
      <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-slate-50 px-4 text-sm">
        <div className="flex flex-col gap-2 py-3">
          <dt className="text-slate-600">Card number</dt>
          <dd className="flex flex-wrap items-center justify-between gap-3">
            <span className="font-mono text-lg tracking-wider text-slate-900" data-testid="card-details-number">
              {groupDigits(details.number)}
            </span>
            <CopyButton
              label="Copy card number"
              copied={copied === key}
              size="sm"
              onClick={() => void copy(key, details.number.replace(/\D/g, ''))}
            />
          </dd>
        </div>
        {rows.map(([term, value, testId]) => (
          <div key={term} className="flex items-baseline justify-between gap-4 py-2.5">
            <dt className="text-slate-600">{term}</dt>
            <dd className="font-mono font-medium text-slate-900" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {failed === key && (
        <p className="text-sm text-slate-700">Your browser did not allow copying: select the number and copy it.</p>
      )}
      <div className="space-y-1.5">
        <p className="text-sm text-slate-700">
          Hidden again in{' '}
          <span role="timer" className="font-semibold text-slate-900 tabular-nums" data-testid="card-details-countdown">
            {left} {left === 1 ? 'second' : 'seconds'}
          </span>
        </p>
        <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-slate-200">
          <div
            className="h-full rounded-full bg-brand transition-[width] duration-300"
            style={{ width: `${Math.round((left / Math.max(1, seconds)) * 100)}%` }}
          />
        </div>
      </div>
      <div className="flex justify-end">
        <Button icon={EyeOff} variant="outline" onClick={onHide}>
          Hide Details
        </Button>
      </div>
    </div>
  );
}
