import type { StatementsOverview } from '@mutual/shared';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClass } from '../../components/button';
import { ChoiceSelect } from '../../components/choice-options';
import { EmailResult, type EmailStatement, emailButtonState, emailButtonText } from './email-result';
import { accountName } from './format';
import { statementHref } from './statements-api';
import { DownloadLink, DownloadRefusal } from '../../components/download-link';
import { submitWith } from '../../lib/submit-with';

const place = 'form';

/**
 * Spec §2 Statements: choose the account and one of the closed months offered (newest first, the
 * newest chosen), then Download the PDF or have it e-mailed; a refused download is said under both.
 */
export function StatementRequestForm({
  accounts,
  periods,
  email,
}: {
  accounts: StatementsOverview['accounts'];
  periods: StatementsOverview['periods'];
  email: EmailStatement;
}) {
  const [accountId, setAccountId] = useState('');
  const [period, setPeriod] = useState('');
  const [refused, setRefused] = useState<string>();
  // What is chosen, kept to what the latest answer offers (a refetch may drop a month).
  const account = accounts.find((candidate) => candidate.id === accountId) ?? accounts[0];
  const chosen = periods.find((candidate) => candidate.period === period) ?? periods[0];
  if (!account || !chosen) return null;
  const target = { accountId: account.id, period: chosen.period };

  // A new choice clears the answer about the previous one.
  const choose = (set: (value: string) => void) => (value: string) => {
    set(value);
    setRefused(undefined);
    if (email.variables?.place === place && !email.isPending) email.reset();
  };

  return (
    <form aria-labelledby="statement-request-heading" onSubmit={submitWith(() => email.mutate({ target, place }))}>
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceSelect
          id="statement-account"
          label="Account"
          value={account.id}
          onChange={choose(setAccountId)}
          choices={accounts.map((option) => ({ value: option.id, label: accountName(option) }))}
        />
        <ChoiceSelect
          id="statement-period"
          label="Statement period"
          value={chosen.period}
          onChange={choose(setPeriod)}
          choices={periods.map((option) => ({ value: option.period, label: option.label }))}
        />
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <DownloadLink href={statementHref(target)} className={buttonClass('primary')} onRefused={setRefused} />
        <Button type="submit" variant="outline" icon={Mail} {...emailButtonState(email, place)}>
          {emailButtonText(email, place)}
        </Button>
      </div>
      <DownloadRefusal message={refused} className="mt-3" />
      <EmailResult email={email} place={place} />
    </form>
  );
}
