import type { AuditPage } from '@mutual/shared';
import { Pager } from '../../components/pager';
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
  const { newer, older } = page;
  return (
    <Pager
      mode="keyset"
      navLabel="Audit log pages"
      label={<span data-testid="audit-total">{auditTotalText(page)}</span>}
      busy={busy}
      firstText="Newest"
      previousText="Newer"
      nextText="Older"
      first={newer ? { onSelect: () => onNavigate(null) } : null}
      previous={newer ? { onSelect: () => onNavigate({ newerThan: newer }) } : null}
      next={older ? { onSelect: () => onNavigate({ olderThan: older }) } : null}
    />
  );
}
