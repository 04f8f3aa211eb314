import { messages } from '@mutual/shared';
import { Clock, Mail, ShieldAlert } from 'lucide-react';
import { Button } from '../../components/button';
import { Dialog, type DialogControlProps } from '../../components/dialog';
import { useSite } from '../site/site-context';

const m = messages.transfers;

const words = {
  denied: { title: m.deniedTitle, text: m.externalSuspended },
  suspended: { title: m.suspendedTitle, text: m.suspended },
  blocked: { title: m.blockedTitle, text: m.blocked },
} as const;

/**
 * Spec §4/§8: a transfer refused because staff placed a hold (ACCOUNT_LOCKED). External and
 * international transfers show "Transaction Denied"; transfers between accounts and to a member
 * show the "all transactions suspended" modal. "Transaction Blocked" is the security modal: too
 * many wrong confirmation codes (TRANSACTION_BLOCKED, `SessionEndWatch`). Each tells the
 * member how to reach support.
 */
export function BlockedModal({
  kind,
  open,
  onOpenChange,
}: DialogControlProps & {
  kind: keyof typeof words;
}) {
  const { support } = useSite();
  const { title, text } = words[kind];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} size="sm">
      <div data-testid="transfer-blocked-modal" className="space-y-4">
        <div className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-3.5 text-sm text-red-900">
          <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <p>{text}</p>
        </div>
        <ul className="space-y-2 text-sm text-slate-700">
          <li className="flex items-start gap-2">
            <Clock className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span>Support hours: {support.hours}</span>
          </li>
          <li className="flex items-start gap-2">
            <Mail className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span className="min-w-0 break-words">
              Email:{' '}
              <a
                href={`mailto:${support.email}`}
                className="font-medium text-brand underline underline-offset-2 hover:text-brand-dark"
              >
                {support.email}
              </a>
            </span>
          </li>
        </ul>
        <div className="flex justify-end">
          <Button onClick={() => onOpenChange(false)}>Close</Button>
        </div>
      </div>
    </Dialog>
  );
}
