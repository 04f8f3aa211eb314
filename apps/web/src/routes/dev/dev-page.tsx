import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/button';
import { Container } from '../../components/layout';
import { DevNotice } from './dev-notice';

/**
 * A dev page (the mailbox, the card terminal): its title, that it exists only in development,
 * Refresh, then one of loading, not available here (`unavailable`: the server does not serve it),
 * could not load, or the page's own content from its data.
 */
export function DevPage<Data>({
  title,
  more,
  query,
  unavailable,
  loadingText,
  unavailableNotice,
  errorTitle,
  banner,
  children,
}: {
  title: string;
  /** Said after "This page exists only in development." while the page is available. */
  more?: string;
  query: UseQueryResult<Data>;
  unavailable: boolean;
  loadingText: string;
  unavailableNotice: { title: string; text: string };
  errorTitle: string;
  /** Between the heading and the content. */
  banner?: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  return (
    <Container className="py-10 sm:py-14">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-2 max-w-2xl text-slate-600">
            This page exists only in development.
            {!unavailable && more}
          </p>
        </div>
        {!unavailable && (
          // The label stays put during background refreshes; only the icon turns.
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RefreshCw
              className={`h-4 w-4 ${query.isFetching ? 'animate-spin motion-reduce:animate-none' : ''}`}
              aria-hidden="true"
            />
            Refresh
          </Button>
        )}
      </div>
      {banner}
      <div className="mt-8">
        {query.isPending ? (
          <p role="status" className="text-slate-600">
            {loadingText}
          </p>
        ) : unavailable ? (
          <DevNotice title={unavailableNotice.title}>{unavailableNotice.text}</DevNotice>
        ) : query.data === undefined ? (
          // Past loading, only a failed first read leaves no data.
          <DevNotice title={errorTitle}>{query.error?.message}</DevNotice>
        ) : (
          children(query.data)
        )}
      </div>
    </Container>
  );
}
