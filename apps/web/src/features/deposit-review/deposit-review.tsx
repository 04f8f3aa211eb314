import {
  type DepositStatus,
  type StaffDeposit,
  type StaffDepositPage,
  depositStatusLabels,
  depositStatuses,
  messages,
} from '@mutual/shared';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Container } from '../../components/layout';
import type { NumberedPagerProps } from '../../components/pager';
import { Tabs, countedTabs } from '../../components/tabs';
import { BackToConsole } from '../admin-users/back-to-console';
import { FlashBanner } from '../admin-users/flash-banner';
import { useFlash } from '../admin-users/use-flash';
import { useSite } from '../site/site-context';
import { DepositDetailPanel } from './deposit-detail';
import { DepositList } from './deposit-list';
import { useStaffDeposits } from './deposit-review-api';
import { listBesideDetailClass, showPickedDetail } from '../../lib/scroll';
import { isOneOf, pageParam } from '../../lib/search-params';
import { readStates } from '../../components/data-table';

const isStatus = isOneOf(depositStatuses);

const emptyText: Record<DepositStatus, string> = {
  pending_review: 'No deposits are waiting for review.',
  accepted: 'No accepted deposits yet.',
  rejected: 'No rejected deposits.',
  returned: 'No returned deposits.',
};

/** Previous / Next under the list when there is more than one page: "Showing 11–20 of 34". */
function pagingOf(data: StaffDepositPage, hrefFor: (page: number) => string): NumberedPagerProps | undefined {
  const { page, pageSize, total, deposits } = data;
  if (deposits.length === 0 || total <= pageSize) return undefined;
  // A page past the end (an old address) still offers the way back.
  return { mode: 'numbered', page, pageCount: Math.max(page, Math.ceil(total / pageSize)), total, pageSize, hrefFor };
}

/**
 * Deposit Review (issue 17): members' mobile check deposits by status, the queue oldest first, and
 * the selected deposit beside them (below on a phone) with its check, flags, the member's history
 * and the decisions. Status, page and the selected deposit live in the address (?status=, ?page=,
 * ?deposit=), so a reload or a shared link opens the same view.
 */
export function DepositReview() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: DepositStatus = isStatus(raw) ? raw : 'pending_review';
  const page = pageParam(params);
  const selectedId = params.get('deposit');
  const list = useStaffDeposits(status, page);
  const { flash, show, dismiss } = useFlash();
  const { timeZone } = useSite();
  const detailRef = useRef<HTMLElement>(null);

  /** The address of a tab, page and selection (the queue and page 1 are the defaults, left out). */
  const queryFor = (next: { status?: DepositStatus; page?: number; deposit?: string | null }) => {
    const query = new URLSearchParams();
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? (next.status ? 1 : page);
    const deposit = next.deposit === undefined ? selectedId : next.deposit;
    if (nextStatus !== 'pending_review') query.set('status', nextStatus);
    if (nextPage > 1) query.set('page', String(nextPage));
    if (deposit) query.set('deposit', deposit);
    return query;
  };
  const hrefFor = (next: Parameters<typeof queryFor>[0]) => `?${queryFor(next).toString()}`;

  const select = (deposit: Pick<StaffDeposit, 'id'>) => {
    setParams(queryFor({ deposit: deposit.id }), { replace: true });
    showPickedDetail(detailRef.current);
  };
  const counts = list.data?.counts;

  return (
    <Container className="py-8 sm:py-10">
      <FlashBanner flash={flash} onDismiss={dismiss} />
      <BackToConsole />
      <h1 className="mt-4 text-2xl font-semibold text-slate-900 sm:text-3xl">Deposit Review</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Members&rsquo; mobile check deposits wait here, oldest first, until staff approve or reject them. Times are the
        credit union&rsquo;s ({timeZone}).
      </p>

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="deposit-list-heading" className={listBesideDetailClass}>
          <h2 id="deposit-list-heading" className="sr-only">
            Deposits
          </h2>
          <Tabs
            label="Deposits by status"
            tabs={countedTabs(depositStatuses, depositStatusLabels, counts)}
            value={status}
            onValueChange={(value) => setParams(queryFor({ status: value }), { replace: true })}
            listClassName="grid grid-cols-2 md:flex lg:grid"
          >
            {(value) => (
              <DepositList
                caption={`${depositStatusLabels[value]} deposits`}
                deposits={list.otherTab ? undefined : list.data?.deposits}
                selectedId={selectedId}
                onSelect={select}
                {...readStates(list)}
                errorFallback={messages.generic.internal}
                emptyMessage={emptyText[value]}
                busy={list.isPlaceholderData}
                paging={list.data && pagingOf(list.data, (next) => hrefFor({ page: next }))}
              />
            )}
          </Tabs>
        </section>
        <section ref={detailRef} aria-label="Selected deposit" className="scroll-mt-20">
          <DepositDetailPanel depositId={selectedId} hrefFor={(id) => hrefFor({ deposit: id })} onFlash={show} />
        </section>
      </div>
    </Container>
  );
}
