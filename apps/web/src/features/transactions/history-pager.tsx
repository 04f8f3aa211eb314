import type { TransactionPage } from '@mutual/shared';
import { Pager } from '../../components/pager';
import { formatTransactionDate } from './transaction-parts';
import type { HistoryCursor } from './use-transaction-filters';

/**
 * Newest / Newer / Older for the history. Pages are anchored to rows, not numbered, and there is
 * no grand total: counting a long history on every page costs more than the page itself. What is
 * cheap is said instead — the dates the page spans, or, when everything fits on one page, how many.
 */
export function HistoryPager({ page, hrefFor }: { page: TransactionPage; hrefFor: (cursor: HistoryCursor) => string }) {
  const first = page.items[0];
  const last = page.items[page.items.length - 1];
  const count = `${page.items.length} ${page.items.length === 1 ? 'transaction' : 'transactions'}`;
  const span = first && last ? `${formatTransactionDate(last.date)} – ${formatTransactionDate(first.date)}` : '';
  return (
    <Pager
      mode="keyset"
      label={<span data-testid="history-range">{page.older || page.newer ? `${count}, ${span}` : count}</span>}
      previousText="Newer"
      nextText="Older"
      firstText="Newest"
      first={page.newer ? { href: hrefFor(null) } : undefined}
      previous={page.newer ? { href: hrefFor({ newerThan: page.newer }) } : null}
      next={page.older ? { href: hrefFor({ olderThan: page.older }) } : null}
    />
  );
}
