import type { Statement } from '@mutual/shared';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { formatDate } from '../../lib/format-date';
import { EmailResult, type EmailStatement, emailButtonState, emailButtonText } from './email-result';
import { accountName, accountSpoken, sizeInKb, statementAccount } from './format';
import { statementHref } from './statements-api';
import { PanelSection } from '../../components/layout';
import { DownloadLink } from '../../components/download-link';

/** Statements listed before "Show all": the last three months of a member's two accounts. */
export const RECENT_SHOWN = 6;

/**
 * "Recent statements": each issued statement (month, account, issued date, size) with Download
 * and "E-mail me this statement". A list rather than a table: on a phone each statement stacks.
 * The newest RECENT_SHOWN first; the rest (up to 13 months of each account) on "Show all".
 */
export function RecentStatements({ statements, email }: { statements: Statement[]; email: EmailStatement }) {
  const [all, setAll] = useState(false);
  const shown = all ? statements : statements.slice(0, RECENT_SHOWN);
  return (
    <PanelSection
      headingId="recent-statements-heading"
      title="Recent statements"
      headingGap="mb-2"
      className="@container"
    >
      {statements.length === 0 ? (
        <p className="text-sm text-slate-600">No statements have been issued yet.</p>
      ) : (
        <ul aria-labelledby="recent-statements-heading" className="divide-y divide-slate-100">
          {shown.map((statement) => (
            <StatementItem key={statement.id} statement={statement} email={email} />
          ))}
        </ul>
      )}
      {statements.length > RECENT_SHOWN && (
        <Button variant="ghost" size="sm" className="mt-2" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? 'Show fewer statements' : `Show all ${statements.length} statements`}
        </Button>
      )}
    </PanelSection>
  );
}

function StatementItem({ statement, email }: { statement: Statement; email: EmailStatement }) {
  const account = statementAccount(statement);
  // Spoken names tell the rows' buttons apart: "Download October 2026, Checking ending in 1234".
  const which = `${statement.label}, ${accountSpoken(account)}`;
  const issued = <time dateTime={statement.issuedAt}>{formatDate(statement.issuedAt)}</time>;
  return (
    <li className="py-3" data-testid="statement-item">
      <div className="flex flex-col gap-3 @xl:flex-row @xl:items-center @xl:justify-between">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{statement.label}</p>
          <p className="text-sm text-slate-600">
            {accountName(account)} · Issued {issued} · {sizeInKb(statement.sizeBytes)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 @xl:shrink-0">
          <DownloadLink
            href={statementHref({ accountId: statement.accountId, period: statement.period })}
            aria-label={`Download ${which}`}
          />
          <Button
            variant="outline"
            size="sm"
            icon={Mail}
            {...emailButtonState(email, statement.id)}
            aria-label={`${emailButtonText(email, statement.id)}: ${which}`}
            onClick={() =>
              email.mutate({
                target: { accountId: statement.accountId, period: statement.period },
                place: statement.id,
              })
            }
          >
            {emailButtonText(email, statement.id)}
          </Button>
        </div>
      </div>
      <EmailResult email={email} place={statement.id} />
    </li>
  );
}
