import { type StaffDepositDetail, messages } from '@mutual/shared';
import { Ban, CheckCircle2, MousePointerClick, Undo2 } from 'lucide-react';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { LoadError, Skeleton } from '../../components/query-state';
import type { ShowFlash } from '../admin-users/use-flash';
import { DepositStatusBadge } from '../deposits/deposit-status-badge';
import { CheckImage } from './check-image';
import { type DepositHref, DepositFacts, DepositFlags, MemberHistory } from './deposit-facts';
import { useStaffDeposit } from './deposit-review-api';
import { depositSummary } from './format';
import { ApproveDialog, ReasonDialog } from './review-dialogs';
import { DetailTitle } from '../admin-users/detail-parts';

interface PanelProps {
  hrefFor: DepositHref;
  onFlash: ShowFlash;
}

/** The right-hand (or lower) column: the selected deposit, or a hint to pick one. */
export function DepositDetailPanel({ depositId, ...props }: PanelProps & { depositId: string | null }) {
  const detail = useStaffDeposit(depositId);
  if (!depositId) {
    return (
      <div className="hidden rounded-2xl border border-dashed border-slate-300 p-10 text-center lg:block">
        <MousePointerClick className="mx-auto h-8 w-8 text-slate-500" aria-hidden="true" />
        <p className="mt-3 font-medium text-slate-900">No deposit selected</p>
        <p className="mt-1 text-sm text-slate-600">Choose a deposit from the list to see its check and decide.</p>
      </div>
    );
  }
  if (detail.isPending) return <Skeleton label="Loading deposit…" className="h-96" />;
  if (detail.isError) {
    return (
      <LoadError error={detail.error} fallback={messages.generic.internal} onRetry={() => void detail.refetch()} />
    );
  }
  // Keyed by deposit: zoom, rotation and an open dialog belong to one check.
  return <DepositDetailView key={detail.data.deposit.id} detail={detail.data} {...props} />;
}

type Decision = 'approve' | 'reject' | 'returnItem';

function DepositDetailView({ detail, hrefFor, onFlash }: PanelProps & { detail: StaffDepositDetail }) {
  const { deposit } = detail;
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const lastStatus = useRef(deposit.status);
  // Once a decision lands its button is gone: put the focus on the deposit, not the page body.
  useEffect(() => {
    if (lastStatus.current !== deposit.status) heading.current?.focus();
    lastStatus.current = deposit.status;
  }, [deposit.status]);

  const opener = useRef<HTMLElement | null>(null);
  // The dialog is opened without a Radix trigger, so on closing nobody takes the focus back: the
  // button that opened it does, or the deposit's heading once the decision has removed that button.
  useEffect(() => {
    if (deciding !== null || !opener.current) return;
    const button = opener.current;
    opener.current = null;
    const timer = window.setTimeout(() => {
      if (document.activeElement !== document.body && document.activeElement !== null) return;
      (button.isConnected ? button : heading.current)?.focus();
    }, 10);
    return () => window.clearTimeout(timer);
  }, [deciding]);

  const open = (decision: Decision, event: MouseEvent<HTMLButtonElement>) => {
    opener.current = event.currentTarget;
    setDeciding(decision);
  };
  const close = () => setDeciding(null);
  const dialogProps = { deposit, onClose: close, onFlash };

  return (
    <article
      aria-labelledby="deposit-detail-heading"
      className="space-y-4"
      data-testid="deposit-detail"
      data-deposit-id={deposit.id}
    >
      <header className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <DetailTitle id="deposit-detail-heading" ref={heading}>
              {depositSummary(deposit)}
            </DetailTitle>
            <p className="mt-1">
              <DepositStatusBadge deposit={deposit} />
            </p>
          </div>
          {deposit.status === 'pending_review' && (
            <div className="grid grid-cols-2 gap-2 sm:flex">
              <Button icon={CheckCircle2} onClick={(event) => open('approve', event)}>
                Approve
              </Button>
              <Button icon={Ban} variant="outline" onClick={(event) => open('reject', event)}>
                Reject
              </Button>
            </div>
          )}
          {/* Reversed by staff: its money went back already, so it cannot be returned as well. */}
          {deposit.status === 'accepted' && !deposit.reversedAt && (
            <Button icon={Undo2} variant="outline" onClick={(event) => open('returnItem', event)}>
              Return item
            </Button>
          )}
        </div>
        <h3 className="sr-only">Check images</h3>
        <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
          <CheckImage side="front" src={deposit.frontImageUrl} />
          <CheckImage side="back" src={deposit.backImageUrl} />
        </div>
      </header>

      <DepositFacts deposit={deposit} />
      <DepositFlags flags={deposit.flags} hrefFor={hrefFor} />
      <MemberHistory detail={detail} hrefFor={hrefFor} />

      {/* Mounted whatever the status: a decision's answer arrives after the refetch has changed it. */}
      <ApproveDialog open={deciding === 'approve'} {...dialogProps} />
      <ReasonDialog kind="reject" open={deciding === 'reject'} {...dialogProps} />
      <ReasonDialog kind="returnItem" open={deciding === 'returnItem'} {...dialogProps} />
    </article>
  );
}
