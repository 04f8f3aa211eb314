import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button';

/** "Showing a–b of N" with Previous and Next. */
export function TransactionPager({
  page,
  pageSize,
  total,
  shown,
  hrefFor,
}: {
  page: number;
  pageSize: number;
  total: number;
  shown: number;
  hrefFor: (page: number) => string;
}) {
  const first = shown === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = shown === 0 ? 0 : first + shown - 1;
  const hasPrevious = page > 1;
  const hasNext = page * pageSize < total;
  const disabled = `${buttonClass('outline', 'sm')} pointer-events-none opacity-50`;
  return (
    <nav aria-label="Pages" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="history-range">
        Showing {first}–{last} of {total}
      </p>
      <div className="flex gap-2">
        {hasPrevious ? (
          <Link to={hrefFor(page - 1)} className={buttonClass('outline', 'sm')} rel="prev">
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            Previous
          </Link>
        ) : (
          <span className={disabled} aria-disabled="true">
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            Previous
          </span>
        )}
        {hasNext ? (
          <Link to={hrefFor(page + 1)} className={buttonClass('outline', 'sm')} rel="next">
            Next
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        ) : (
          <span className={disabled} aria-disabled="true">
            Next
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </span>
        )}
      </div>
    </nav>
  );
}
