import { messages } from '@mutual/shared';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ComponentProps, Fragment, type Key, type ReactNode, useId, useMemo, useState } from 'react';
import { errorMessage } from '../lib/api-errors';
import { Alert } from './alert';
import { Pager, type PagerProps } from './pager';
import { LoadError } from './query-state';
import type { UseQueryResult } from '@tanstack/react-query';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}
export type SortValue = string | number | boolean | Date | null | undefined;

export interface DataTableColumn<Row> {
  /** React key of the column; the `sortKey` or the position when left out. */
  id?: string;
  header: ReactNode;
  /** The header is for assistive tech only ("Actions"). */
  hideHeader?: boolean;
  cell: (row: Row, index: number) => ReactNode;
  align?: 'left' | 'center' | 'right';
  /** Makes the header a sort button; the key reported to `onSortChange`. */
  sortKey?: string;
  /** What client-side sorting compares; `row[sortKey]` when left out. */
  sortValue?: (row: Row) => SortValue;
  /** The direction of the first click (dates and amounts often start with the largest). */
  firstDirection?: SortDirection;
  /** The cell names its row (`<th scope="row">`), e.g. the member's name. */
  rowHeader?: boolean;
  /** Extra classes on every cell of the column ("whitespace-nowrap", "max-w-48"). */
  className?: string;
  /** Extra classes on the header ("w-[13%]" with a `table-fixed` table). */
  headerClassName?: string;
}

type RowAttributes = ComponentProps<'tr'> & { [data: `data-${string}`]: string | number | boolean | undefined };

/**
 * A list's read, as `DataTable` (and the lists on it) show it: loading (also while another tab's
 * answer stands in, `usePageQuery`), a failed first read (a failed refetch keeps the rows on
 * screen) and "Try again".
 */
export function readStates(
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'data' | 'error' | 'refetch'> & { otherTab?: boolean },
) {
  return {
    loading: query.isPending || Boolean(query.otherTab),
    error: query.isError && !query.data ? query.error : undefined,
    onRetry: () => void query.refetch(),
  };
}

export interface DataTableProps<Row> {
  /** Names the table (and the card list and the scroll box). */
  caption: string;
  /** Show the caption above the table; it is for assistive tech only by default. */
  showCaption?: boolean;
  columns: readonly DataTableColumn<Row>[];
  /** Undefined while there is nothing yet (with `loading` or `error`). */
  rows: readonly Row[] | undefined;
  rowKey: keyof Row | ((row: Row) => Key);
  /** Attributes of a row: `data-testid`, `className` (selection), `onClick`. */
  rowProps?: (row: Row) => RowAttributes;
  /** `boxed`: its own bordered box (admin lists); `plain`: inside a card (member screens). */
  variant?: 'boxed' | 'plain';
  verticalAlign?: 'top' | 'middle';
  /** Extra classes on the `<table>`: "table-fixed", "min-w-[48rem]" (scrolls below that width). */
  tableClassName?: string;
  className?: string;

  /** The sort shown (controlled). With `sortMode="server"` the rows are shown in the order given. */
  sort?: SortState | null;
  defaultSort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  sortMode?: 'client' | 'server';

  /** First load: grey placeholder rows under the real headers. */
  loading?: boolean;
  loadingLabel?: string;
  skeletonRows?: number;
  /** A failed read with nothing to show: the server's reason (or `errorFallback`) and "Try again". */
  error?: unknown;
  errorFallback?: string;
  onRetry?: () => void;
  /** A newer page is on its way while the old one shows (`isPlaceholderData`): dimmed. */
  busy?: boolean;
  emptyMessage?: ReactNode;

  /**
   * One card per row below the breakpoint instead of the table (only one of the two is displayed,
   * so assistive tech meets each row once). It returns the `<li>`.
   */
  renderCard?: (row: Row) => ReactNode;
  cardsBelow?: 'md' | 'lg' | 'container';
  cardListAs?: 'ul' | 'ol';
  cardListClassName?: string;

  /** Anything under the list; or `paging` for the shared `Pager`. */
  pager?: ReactNode;
  paging?: PagerProps;
}

const variants = {
  boxed: {
    box: 'rounded-2xl border border-slate-200 bg-white',
    caption: 'px-4 pt-4 pb-1',
    thead: 'bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase',
    th: 'px-4 py-3',
    tbody: 'divide-y divide-slate-200',
    td: 'px-4 py-3',
    cards: 'space-y-2',
  },
  plain: {
    box: '',
    caption: 'pb-2',
    thead: 'border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase',
    th: 'py-3 pr-4 font-semibold last:pr-0',
    tbody: 'divide-y divide-slate-100',
    td: 'py-3 pr-4 last:pr-0',
    cards: 'divide-y divide-slate-100',
  },
} as const;

const sortButtonClass =
  'inline-flex items-center gap-1 rounded font-semibold tracking-wide uppercase hover:text-slate-900';
const alignments = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

/** Classes that show the table from the breakpoint up and the cards below it. */
const breakpoints = {
  md: { wrap: '', table: 'hidden md:block', cards: 'md:hidden' },
  lg: { wrap: '', table: 'hidden lg:block', cards: 'lg:hidden' },
  container: { wrap: '@container', table: 'hidden @2xl:block', cards: '@2xl:hidden' },
} as const;

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** Orders two sort values ascending; empty values (null, undefined, '') go last either way. */
export function compareSortValues(a: SortValue, b: SortValue, direction: SortDirection = 'asc'): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  const sign = direction === 'asc' ? 1 : -1;
  if (typeof a === 'string' || typeof b === 'string') return sign * collator.compare(String(a), String(b));
  const x = a instanceof Date ? a.getTime() : Number(a);
  const y = b instanceof Date ? b.getTime() : Number(b);
  return sign * (x < y ? -1 : x > y ? 1 : 0);
}

function keyOf<Row>(row: Row, rowKey: DataTableProps<Row>['rowKey']): Key {
  return typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as Key);
}

function SortIcon({ direction }: { direction: SortDirection | null }) {
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return <Icon className={`h-3.5 w-3.5 shrink-0 ${direction ? 'text-brand' : 'text-slate-400'}`} aria-hidden="true" />;
}

/**
 * A list as a table: columns are data, the states (loading, failed, empty, a newer page on its
 * way) are props, and paging sits underneath. On a narrow screen the table scrolls sideways inside
 * its own box (a focusable region named by the caption), never the page; or give `renderCard`.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    caption,
    showCaption = false,
    columns,
    rows,
    rowKey,
    rowProps,
    variant = 'boxed',
    verticalAlign = 'top',
    tableClassName = '',
    className = '',
    sort,
    defaultSort = null,
    onSortChange,
    sortMode = 'client',
    loading = false,
    loadingLabel = 'Loading…',
    skeletonRows = 5,
    error,
    errorFallback = messages.generic.internal,
    onRetry,
    busy = false,
    emptyMessage = 'Nothing to show yet.',
    renderCard,
    cardsBelow = 'md',
    cardListAs: CardList = 'ul',
    cardListClassName,
    pager,
    paging,
  } = props;
  const captionId = useId();
  const [ownSort, setOwnSort] = useState<SortState | null>(defaultSort);
  const activeSort = sort === undefined ? ownSort : sort;
  const style = variants[variant];

  const shownRows = useMemo(() => {
    const list = rows ?? [];
    if (sortMode === 'server' || !activeSort) return list;
    const column = columns.find((candidate) => candidate.sortKey === activeSort.key);
    if (!column) return list;
    const valueOf = column.sortValue ?? ((row: Row) => (row as Record<string, unknown>)[activeSort.key] as SortValue);
    return [...list].sort((a, b) => compareSortValues(valueOf(a), valueOf(b), activeSort.direction));
  }, [rows, sortMode, activeSort, columns]);

  const toggleSort = (key: string, firstDirection: SortDirection = 'asc') => {
    const next: SortState =
      activeSort?.key === key
        ? { key, direction: activeSort.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: firstDirection };
    if (sort === undefined) setOwnSort(next);
    onSortChange?.(next);
  };

  const hasError = error !== undefined && error !== null && error !== false;
  const under = pager ?? (paging ? <Pager {...paging} /> : null);

  if (hasError) {
    return (
      <div className={className}>
        {onRetry ? (
          <LoadError error={error} fallback={errorFallback} onRetry={onRetry} />
        ) : (
          <Alert tone="error" title={errorMessage(error, errorFallback)} />
        )}
      </div>
    );
  }

  const empty = !loading && shownRows.length === 0;
  if (empty) {
    return (
      <div className={className}>
        <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {emptyMessage}
        </p>
        {under && <div className="mt-4">{under}</div>}
      </div>
    );
  }

  const cellClass = (column: DataTableColumn<Row>) =>
    `${style.td} ${alignments[column.align ?? 'left']} ${column.className ?? ''}`;
  const cards = renderCard && !loading;
  const rowAlign = verticalAlign === 'top' ? 'align-top' : 'align-middle';
  const layout = breakpoints[cardsBelow];

  const table = (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className={`relative max-w-full overflow-x-auto ${style.box} ${cards ? layout.table : ''}`}
    >
      <table className={`w-full text-left text-sm ${tableClassName}`} aria-busy={loading || busy || undefined}>
        <caption
          id={captionId}
          className={showCaption ? `${style.caption} text-left text-base font-semibold text-slate-900` : 'sr-only'}
        >
          {caption}
        </caption>
        <thead className={style.thead}>
          <tr>
            {columns.map((column, index) => {
              const { sortKey } = column;
              const direction = activeSort && activeSort.key === sortKey ? activeSort.direction : null;
              return (
                <th
                  key={column.id ?? column.sortKey ?? index}
                  scope="col"
                  aria-sort={direction ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={`${style.th} ${alignments[column.align ?? 'left']} ${column.headerClassName ?? ''}`}
                >
                  {sortKey !== undefined ? (
                    <button
                      type="button"
                      onClick={() => toggleSort(sortKey, column.firstDirection)}
                      className={`${sortButtonClass} ${column.align === 'right' ? 'flex-row-reverse' : ''}`}
                    >
                      {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
                      <SortIcon direction={direction} />
                    </button>
                  ) : column.hideHeader ? (
                    <span className="sr-only">{column.header}</span>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={style.tbody}>
          {loading
            ? Array.from({ length: skeletonRows }, (_, rowIndex) => (
                <tr key={rowIndex} aria-hidden="true" className={rowAlign} data-testid="data-table-skeleton-row">
                  {columns.map((column, index) => (
                    <td key={column.id ?? column.sortKey ?? index} className={cellClass(column)}>
                      <span className="inline-block h-4 w-full max-w-32 animate-pulse rounded bg-slate-200" />
                    </td>
                  ))}
                </tr>
              ))
            : shownRows.map((row, rowIndex) => {
                const { className: rowClass = '', ...attributes } = rowProps?.(row) ?? {};
                return (
                  <tr key={keyOf(row, rowKey)} className={`${rowAlign} ${rowClass}`} {...attributes}>
                    {columns.map((column, index) => {
                      const key = column.id ?? column.sortKey ?? index;
                      return column.rowHeader ? (
                        <th key={key} scope="row" className={`font-normal ${cellClass(column)}`}>
                          {column.cell(row, rowIndex)}
                        </th>
                      ) : (
                        <td key={key} className={cellClass(column)}>
                          {column.cell(row, rowIndex)}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
        </tbody>
      </table>
    </div>
  );

  return (
    <div className={`${cards ? layout.wrap : ''} ${className}`}>
      {loading && (
        <p role="status" className="sr-only">
          {loadingLabel}
        </p>
      )}
      <div aria-busy={busy || undefined} className={busy ? 'opacity-70 transition-opacity' : 'transition-opacity'}>
        {table}
        {cards && (
          <CardList aria-label={caption} className={`${layout.cards} ${cardListClassName ?? style.cards}`}>
            {shownRows.map((row) => (
              <Fragment key={keyOf(row, rowKey)}>{renderCard(row)}</Fragment>
            ))}
          </CardList>
        )}
      </div>
      {under && !loading && <div className="mt-4">{under}</div>}
    </div>
  );
}
