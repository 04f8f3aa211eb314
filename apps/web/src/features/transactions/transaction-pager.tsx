import { Pager } from '../../components/pager';

/**
 * "Showing a–b of N" with Previous and Next. A page past the end (an old address) still offers
 * the way back, as every page after the first does.
 */
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
  return (
    <Pager
      mode="numbered"
      page={page}
      pageCount={Math.max(page, Math.ceil(total / pageSize))}
      hrefFor={hrefFor}
      label={
        <span data-testid="history-range">
          Showing {first}–{last} of {total}
        </span>
      }
    />
  );
}
