import type { StaffStatement, UserDetail } from '@mutual/shared';
import { FileText, Send } from 'lucide-react';
import { Button, buttonClass } from '../../components/button';
import { DataTable, type DataTableColumn, readStates } from '../../components/data-table';
import { errorMessage } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';
import { DetailSection } from '../admin-users/detail-parts';
import type { ShowFlash } from '../admin-users/use-flash';
import { accountName, accountSpoken, statementAccount } from './format';
import { staffStatementHref, useResendStatementNotice, useStaffStatements } from './staff-statements-api';
import { DownloadLink } from '../../components/download-link';

const loadFailed = 'We could not load the statements.';

/**
 * A member's statements in the staff console (issue 16 item 6): month, account, when issued and
 * when the member was last told; Download (audited by the server) and "Re-send notice".
 */
export function MemberStatementsSection({ user, onFlash }: { user: UserDetail; onFlash: ShowFlash }) {
  // Applicants have no accounts yet, so no statements.
  if (user.accounts.length === 0) return null;
  return <StatementsSection userId={user.id} onFlash={onFlash} />;
}

function StatementsSection({ userId, onFlash }: { userId: string; onFlash: ShowFlash }) {
  const list = useStaffStatements(userId);
  const resend = useResendStatementNotice(userId);

  const resendNotice = (statement: StaffStatement) =>
    resend.mutate(statement.id, {
      onSuccess: (result) => onFlash('success', result.message),
      onError: (error) => onFlash('error', errorMessage(error)),
    });
  const actions = (statement: StaffStatement) => (
    <StatementActions
      userId={userId}
      statement={statement}
      busy={resend.isPending}
      sending={resend.isPending && resend.variables === statement.id}
      onResend={resendNotice}
    />
  );

  const columns: DataTableColumn<StaffStatement>[] = [
    { id: 'period', header: 'Period', rowHeader: true, className: 'whitespace-nowrap', cell: (s) => s.label },
    { id: 'account', header: 'Account', className: 'whitespace-nowrap', cell: (s) => accountName(statementAccount(s)) },
    { id: 'issued', header: 'Issued', cell: (s) => <When at={s.issuedAt} /> },
    { id: 'notified', header: 'Notified', cell: (s) => <When at={s.notifiedAt} /> },
    { id: 'actions', header: 'Actions', hideHeader: true, align: 'right', cell: actions },
  ];

  return (
    <DetailSection id="detail-statements" title="Statements" icon={FileText}>
      <DataTable
        caption="Member statements, newest first"
        variant="plain"
        columns={columns}
        rows={list.data?.statements}
        rowKey="id"
        rowProps={() => ({ 'data-testid': 'staff-statement-row' })}
        {...readStates(list)}
        loadingLabel="Loading statements…"
        skeletonRows={2}
        errorFallback={loadFailed}
        emptyMessage="No statements have been issued yet."
        cardsBelow="container"
        renderCard={(statement) => (
          <li key={statement.id} className="py-3">
            <p className="font-medium text-slate-900">
              {statement.label} · {accountName(statementAccount(statement))}
            </p>
            <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">Issued</dt>
              <dd>
                <When at={statement.issuedAt} />
              </dd>
              <dt className="text-slate-600">Notified</dt>
              <dd>
                <When at={statement.notifiedAt} />
              </dd>
            </dl>
            <div className="mt-2">{actions(statement)}</div>
          </li>
        )}
      />
    </DetailSection>
  );
}

function When({ at }: { at: string | null }) {
  if (!at) return <span className="text-slate-600">Not yet</span>;
  // The day and the time each kept whole, the time under the day where the table is narrow (in the
  // console's member detail at 1280 px two whole "Nov 30, 2026, 4:43 AM" columns did not fit).
  const text = formatDateTime(at);
  const cut = text.lastIndexOf(', ');
  return (
    <time dateTime={at} className="text-slate-800">
      {cut < 0 ? (
        text
      ) : (
        <>
          <span className="whitespace-nowrap">{text.slice(0, cut + 1)}</span>{' '}
          <span className="whitespace-nowrap">{text.slice(cut + 2)}</span>
        </>
      )}
    </time>
  );
}

function StatementActions({
  userId,
  statement,
  busy,
  sending,
  onResend,
}: {
  userId: string;
  statement: StaffStatement;
  /** A re-send is under way: one answer at a time reaches the banner. */
  busy: boolean;
  sending: boolean;
  onResend: (statement: StaffStatement) => void;
}) {
  const which = `${statement.label}, ${accountSpoken(statementAccount(statement))}`;
  return (
    <span className="inline-flex flex-wrap gap-2">
      <DownloadLink
        href={staffStatementHref(userId, statement.id)}
        aria-label={`Download ${which}`}
        className={buttonClass('outline', 'sm', 'whitespace-nowrap')}
      />
      <Button
        variant="outline"
        size="sm"
        icon={Send}
        className="whitespace-nowrap"
        busy={sending}
        disabled={busy && !sending}
        aria-label={`${sending ? 'Sending…' : 'Re-send notice'}: ${which}`}
        onClick={() => onResend(statement)}
      >
        {sending ? 'Sending…' : 'Re-send notice'}
      </Button>
    </span>
  );
}
