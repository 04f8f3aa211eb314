import type { AuditPage } from '@mutual/shared';
import { ChevronLeft, ChevronRight, ChevronsLeft } from 'lucide-react';
import { Button } from '../../components/button';
import type { AuditCursor } from './audit-api';

const count = new Intl.NumberFormat('en-US');

/** "1,234 matching entries" (or "10,000+" once the count stops at its cap). */
export function auditTotalText(page: Pick<AuditPage, 'total' | 'totalCapped'>): string {
  const number = `${count.format(page.total)}${page.totalCapped ? '+' : ''}`;
  return page.total === 1 && !page.totalCapped ? '1 matching entry' : `${number} matching entries`;
}

/**
 * Newer / Older by cursor (the log keeps growing while staff read it, so pages are anchored to
 * entries, not numbered), and a way back to the newest entries.
 */
export function AuditPager({
  page,
  onNavigate,
  busy = false,
}: {
  page: AuditPage;
  onNavigate: (cursor: AuditCursor) => void;
  busy?: boolean;
}) {
  const newer = page.newer;
  const older = page.older;
  return (
    <nav aria-label="Audit log pages" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="audit-total">
        {auditTotalText(page)}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="ghost" size="sm" disabled={!newer || busy} onClick={() => onNavigate(null)}>
          <ChevronsLeft className="h-4 w-4" aria-hidden="true" />
          Newest
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!newer || busy}
          onClick={() => newer && onNavigate({ newerThan: newer })}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Newer
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!older || busy}
          onClick={() => older && onNavigate({ olderThan: older })}
        >
          Older
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
