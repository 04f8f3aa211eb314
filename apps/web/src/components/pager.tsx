import { ChevronLeft, ChevronRight, ChevronsLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { revealStart } from '../lib/scroll';
import { Button, buttonClass } from './button';

/** Where a pager control goes: an address (a link, for pages kept in the URL) or a callback. */
export type PageTarget = { href: string } | { onSelect: () => void };

interface PagerBase {
  /** Names the navigation landmark: "Pages", "Audit log pages". */
  navLabel?: string;
  /** Replaces the sentence the pager writes itself ("Page 2", "Showing 21–40 of 95"). */
  label?: ReactNode;
  /** A page is on its way: every control waits, keeping the focus (see `busyButton`). */
  busy?: boolean;
  previousText?: string;
  nextText?: string;
}

/**
 * Pages anchored to rows (a cursor), not numbered: a list that keeps growing while it is read.
 * `null` disables a control; leaving `first` out hides the "back to the start" control.
 */
export interface KeysetPagerProps extends PagerBase {
  mode: 'keyset';
  previous: PageTarget | null;
  next: PageTarget | null;
  first?: PageTarget | null;
  firstText?: string;
  /** Known page number, for the "Page 2" label. */
  page?: number;
}

/** Numbered pages: "Page 2 of 5", or "Showing 21–40 of 95" when `total` and `pageSize` are known. */
export interface NumberedPagerProps extends PagerBase {
  mode: 'numbered';
  /** 1-based. */
  page: number;
  /** How many pages; worked out from `total` and `pageSize` when left out. */
  pageCount?: number;
  total?: number;
  pageSize?: number;
  /** Rows on this page (the last page may be short); `pageSize` when left out. */
  shown?: number;
  /** Pages kept in the address: each control is a link. */
  hrefFor?: (page: number) => string;
  onPageChange?: (page: number) => void;
  /** Also list the page numbers (1 … 4 5 6 … 10). */
  showPages?: boolean;
}

export type PagerProps = KeysetPagerProps | NumberedPagerProps;

const count = new Intl.NumberFormat('en-US');
const currentPageClass =
  'inline-flex min-w-9 items-center justify-center rounded-lg bg-brand px-3 py-1.5 text-sm font-semibold text-white';

/** The page numbers to offer around `page`: the ends, its neighbours, and gaps as `'gap'`. */
export function pageWindow(page: number, pageCount: number): (number | 'gap')[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const start = Math.max(2, Math.min(page - 1, pageCount - 4));
  const end = Math.min(pageCount - 1, Math.max(page + 1, 5));
  const middle = Array.from({ length: end - start + 1 }, (_, index) => start + index);
  return [
    1,
    ...(start > 2 ? ['gap' as const] : []),
    ...middle,
    ...(end < pageCount - 1 ? ['gap' as const] : []),
    pageCount,
  ];
}

/** "Showing 21–40 of 95", or "Page 2 of 5" when the row count is unknown. */
export function numberedLabel({
  page,
  pageCount,
  total,
  pageSize,
  shown,
}: Pick<NumberedPagerProps, 'page' | 'total' | 'pageSize' | 'shown'> & { pageCount: number }): string {
  if (total === undefined || pageSize === undefined) return `Page ${page} of ${pageCount}`;
  const rows = shown ?? Math.min(pageSize, Math.max(0, total - (page - 1) * pageSize));
  const first = rows === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = rows === 0 ? 0 : first + rows - 1;
  return `Showing ${count.format(first)}–${count.format(last)} of ${count.format(total)}`;
}

/**
 * The new page replaces the rows above the pager, where the reader no longer is: bring the start
 * of the list (its section or tab panel) back into view, so reading goes on from its first row.
 */
function revealList(control: HTMLElement) {
  const list = control.closest<HTMLElement>('section, [role="tabpanel"]');
  if (list) revealStart(list);
}

function Control({
  target,
  busy,
  rel,
  variant = 'outline',
  label,
  children,
}: {
  target: PageTarget | null;
  busy: boolean;
  rel?: 'prev' | 'next';
  variant?: 'outline' | 'ghost';
  /** An accessible name when the visible text is not enough ("Page 3"). */
  label?: string;
  children: ReactNode;
}) {
  if (target && 'href' in target) {
    return (
      <Link
        to={target.href}
        rel={rel}
        aria-label={label}
        aria-disabled={busy || undefined}
        className={buttonClass(variant, 'sm')}
        onClick={(event) => {
          if (busy) return event.preventDefault();
          // A page opened in another tab or window leaves this one where it is.
          const elsewhere = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
          if (!elsewhere) revealList(event.currentTarget);
        }}
      >
        {children}
      </Link>
    );
  }
  return (
    <Button
      variant={variant}
      size="sm"
      aria-label={label}
      disabled={!target}
      busy={busy && target !== null}
      onClick={
        target && 'onSelect' in target
          ? (event) => {
              target.onSelect();
              revealList(event.currentTarget);
            }
          : undefined
      }
    >
      {children}
    </Button>
  );
}

function Frame({ navLabel, label, children }: { navLabel: string; label: ReactNode; children: ReactNode }) {
  return (
    <nav aria-label={navLabel} className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-slate-700" aria-live="polite">
        {label}
      </p>
      <div className="flex flex-wrap items-center justify-center gap-2">{children}</div>
    </nav>
  );
}

const previousIcon = <ChevronLeft className="h-4 w-4" aria-hidden="true" />;
const nextIcon = <ChevronRight className="h-4 w-4" aria-hidden="true" />;

/**
 * Previous / Next under a list, with a sentence saying where the reader is. One pager for both
 * kinds of paging: `mode="keyset"` (cursors: Newer / Older) and `mode="numbered"` (page n of m).
 * Controls at the ends are disabled buttons, so they stay in place and are announced as such.
 */
export function Pager(props: PagerProps) {
  const { navLabel = 'Pages', busy = false, previousText = 'Previous', nextText = 'Next' } = props;

  if (props.mode === 'keyset') {
    const { previous, next, first, firstText = 'First page', page } = props;
    const label = props.label ?? (page === undefined ? null : `Page ${count.format(page)}`);
    return (
      <Frame navLabel={navLabel} label={label}>
        {first !== undefined && (
          <Control target={first} busy={busy} variant="ghost">
            <ChevronsLeft className="h-4 w-4" aria-hidden="true" />
            {firstText}
          </Control>
        )}
        <Control target={previous} busy={busy} rel="prev">
          {previousIcon}
          {previousText}
        </Control>
        <Control target={next} busy={busy} rel="next">
          {nextText}
          {nextIcon}
        </Control>
      </Frame>
    );
  }

  const { page, total, pageSize, shown, hrefFor, onPageChange, showPages = false } = props;
  const pageCount = Math.max(1, props.pageCount ?? Math.ceil((total ?? 0) / Math.max(1, pageSize ?? 1)));
  const targetOf = (to: number): PageTarget | null => {
    if (to < 1 || to > pageCount) return null;
    if (hrefFor) return { href: hrefFor(to) };
    return onPageChange ? { onSelect: () => onPageChange(to) } : null;
  };
  const label = props.label ?? numberedLabel({ page, pageCount, total, pageSize, shown });
  return (
    <Frame navLabel={navLabel} label={label}>
      <Control target={targetOf(page - 1)} busy={busy} rel="prev">
        {previousIcon}
        {previousText}
      </Control>
      {showPages && (
        <ol className="flex items-center gap-1">
          {pageWindow(page, pageCount).map((item, index) =>
            item === 'gap' ? (
              <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-sm text-slate-500">
                …
              </li>
            ) : (
              <li key={item}>
                {item === page ? (
                  <span aria-current="page" className={currentPageClass}>
                    <span className="sr-only">Page </span>
                    {item}
                  </span>
                ) : (
                  <Control target={targetOf(item)} busy={busy} variant="ghost" label={`Page ${item}`}>
                    {item}
                  </Control>
                )}
              </li>
            ),
          )}
        </ol>
      )}
      <Control target={targetOf(page + 1)} busy={busy} rel="next">
        {nextText}
        {nextIcon}
      </Control>
    </Frame>
  );
}
