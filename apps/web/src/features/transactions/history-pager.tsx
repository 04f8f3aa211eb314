import type { TransactionPage } from '@mutual/shared';
import { ChevronLeft, ChevronRight, ChevronsLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button';
import { formatTransactionDate } from './transaction-parts';
import type { HistoryCursor } from './use-transaction-filters';

/**
 * Newest / Newer / Older for the history. Pages are anchored to rows, not numbered, and there is
 * no grand total: counting a long history on every page costs more than the page itself. What is
 * cheap is said instead — the dates the page spans, or, when everything fits on one page, how many.
 */
export function HistoryPager({ page, hrefFor }: { page: TransactionPage; hrefFor: (cursor: HistoryCursor) => string }) {
  const disabled = `${buttonClass('outline', 'sm')} pointer-events-none opacity-50`;
  const first = page.items[0];
  const last = page.items[page.items.length - 1];
  const count = `${page.items.length} ${page.items.length === 1 ? 'transaction' : 'transactions'}`;
  const span = first && last ? `${formatTransactionDate(last.date)} – ${formatTransactionDate(first.date)}` : '';
  return (
    <nav aria-label="Pages" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="history-range">
        {page.older || page.newer ? `${count}, ${span}` : count}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {page.newer ? (
          <>
            <Link to={hrefFor(null)} className={buttonClass('ghost', 'sm')}>
              <ChevronsLeft className="h-4 w-4" aria-hidden="true" />
              Newest
            </Link>
            <Link to={hrefFor({ newerThan: page.newer })} className={buttonClass('outline', 'sm')} rel="prev">
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
              Newer
            </Link>
          </>
        ) : (
          <span className={disabled} aria-disabled="true">
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            Newer
          </span>
        )}
        {page.older ? (
          <Link to={hrefFor({ olderThan: page.older })} className={buttonClass('outline', 'sm')} rel="next">
            Older
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        ) : (
          <span className={disabled} aria-disabled="true">
            Older
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </span>
        )}
      </div>
    </nav>
  );
}
