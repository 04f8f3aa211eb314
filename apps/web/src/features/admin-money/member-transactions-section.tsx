import { type Transaction, type UserDetail, accountTypes, transactionStatuses } from '@mutual/shared';
import { FileUp, Plus, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { ChoiceOptions } from '../../components/choice-options';
import { controlProps } from '../../components/form-field';
import { Pager } from '../../components/pager';
import { useRefreshUsers } from '../admin-users/admin-api';
import { DetailSection, EmptyNote } from '../admin-users/detail-parts';
import type { ShowFlash } from '../admin-users/use-flash';
import { LoadError } from '../../components/query-state';
import { AddTransactionsDialog, type EntryMode } from './add-transactions-dialog';
import { useSite } from '../site/site-context';
import { type StaffCursor, type StaffTransactionFilters, useMemberTransactions } from './money-api';
import { type RowAction, StaffTransactionTable } from './staff-transaction-table';
import { TransactionActionDialog } from './transaction-action-dialog';

/**
 * The member's transactions in the staff console (spec §2 "a user transaction table"), with the
 * corrections shown, and the way in to adding transactions by rows or CSV.
 */
export function MemberTransactionsSection({ user, onFlash }: { user: UserDetail; onFlash: ShowFlash }) {
  // Applicants have no accounts yet: nothing to show or add.
  if (user.accounts.length === 0) return null;
  return <TransactionsSection user={user} onFlash={onFlash} />;
}

function TransactionsSection({ user, onFlash }: { user: UserDetail; onFlash: ShowFlash }) {
  const refresh = useRefreshUsers();
  const [filters, setFilters] = useState<StaffTransactionFilters>({});
  const [cursor, setCursor] = useState<StaffCursor>(null);
  const [adding, setAdding] = useState<EntryMode | null>(null);
  const [acting, setActing] = useState<{ action: RowAction; transaction: Transaction } | null>(null);
  const history = useMemberTransactions(user.id, filters, cursor);
  const { timeZone } = useSite();

  const filter = (patch: StaffTransactionFilters) => {
    setFilters((current) => ({ ...current, ...patch }));
    setCursor(null);
  };
  const openAdd = (mode: EntryMode) => setAdding(mode);

  const actions = (
    <div className="flex flex-wrap gap-2">
      <Button icon={Plus} size="sm" onClick={() => openAdd('rows')}>
        Add Transactions
      </Button>
      <Button icon={FileUp} size="sm" variant="outline" onClick={() => openAdd('csv')}>
        Upload CSV
      </Button>
    </div>
  );

  const data = history.data;
  const newer = data?.newer ?? null;
  const older = data?.older ?? null;
  return (
    <DetailSection
      id="detail-transactions"
      title="Transactions"
      icon={<Receipt className="h-4 w-4 text-brand" aria-hidden="true" />}
      actions={actions}
    >
      <div className="mb-3 grid grid-cols-2 gap-3 sm:max-w-sm">
        <ChoiceFilter {...choices.account} value={filters.account} onChange={(account) => filter({ account })} />
        <ChoiceFilter {...choices.status} value={filters.status} onChange={(status) => filter({ status })} />
      </div>
      <p className="mb-3 text-xs text-slate-500">Dates and times are the credit union’s ({timeZone}).</p>

      <div aria-busy={history.isFetching}>
        {history.isPending ? (
          <p role="status" className="py-6 text-center text-sm text-slate-600">
            Loading transactions…
          </p>
        ) : history.isError && !data ? (
          <LoadError
            error={history.error}
            fallback="We could not load the transactions."
            onRetry={() => void history.refetch()}
          />
        ) : data && data.items.length === 0 ? (
          <EmptyNote>
            {filters.account || filters.status ? 'No transactions match these filters.' : 'No transactions yet.'}
          </EmptyNote>
        ) : data ? (
          <div className={history.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <StaffTransactionTable
              items={data.items}
              onAction={(action, transaction) => setActing({ action, transaction })}
            />
          </div>
        ) : null}
      </div>

      {(newer || older) && (
        // Newer / Older by cursor: the member's history is read in keyset pages (no numbers, no total).
        <div className="mt-3 border-t border-slate-100 pt-3">
          <Pager
            mode="keyset"
            navLabel="Transaction pages"
            previousText="Newer"
            nextText="Older"
            previous={newer ? { onSelect: () => setCursor({ newerThan: newer }) } : null}
            next={older ? { onSelect: () => setCursor({ olderThan: older }) } : null}
          />
        </div>
      )}

      <AddTransactionsDialog
        userId={user.id}
        name={user.name}
        mode={adding ?? 'rows'}
        onModeChange={setAdding}
        open={adding !== null}
        onOpenChange={(open) => !open && setAdding(null)}
        onPosted={(message) => {
          setAdding(null);
          setCursor(null);
          onFlash('success', message);
          void refresh();
        }}
      />
      {acting && (
        <TransactionActionDialog
          userId={user.id}
          action={acting.action}
          transaction={acting.transaction}
          onClose={() => setActing(null)}
          onFlash={onFlash}
        />
      )}
    </DetailSection>
  );
}

/** The two filters over the history: which account, and which status. */
const choices = {
  account: { id: 'staff-tx-account', label: 'Account', allLabel: 'All accounts', options: accountTypes },
  status: { id: 'staff-tx-status', label: 'Status', allLabel: 'All statuses', options: transactionStatuses },
} as const;

/** A filter on one of a fixed list of values; its first option ("All …") clears it. */
function ChoiceFilter<T extends string>({
  id,
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  options: readonly T[];
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}) {
  const choose = (chosen: string) => onChange(options.find((option) => option === chosen));
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-800">
        {label}
      </label>
      <select {...controlProps(id, {}, 'py-2!')} value={value ?? ''} onChange={(event) => choose(event.target.value)}>
        <ChoiceOptions placeholder={allLabel} choices={options} />
      </select>
    </div>
  );
}
