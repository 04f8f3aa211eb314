import { type StaffDeposit, isReversedDeposit } from '@mutual/shared';
import { DataTable, type DataTableColumn, type DataTableProps } from '../../components/data-table';
import { EmailText, NameAndEmail } from '../../components/email-text';
import { SelectButton, SelectCard, selectableRowClass } from '../../components/select-list';
import { formatDateTime } from '../../lib/format-date';
import { DepositStatusBadge } from '../deposits/deposit-status-badge';
import { FlagBadges } from './badges';
import { accountLabel, depositAmount } from './format';

interface Selection {
  selectedId: string | null;
  onSelect: (deposit: StaffDeposit) => void;
}

/** One deposit of the list, whether it is the one open, and how to open it. */
interface DepositChoice {
  deposit: StaffDeposit;
  selected: boolean;
  onSelect: () => void;
}

type ListStates = Pick<
  DataTableProps<StaffDeposit>,
  'loading' | 'error' | 'errorFallback' | 'onRetry' | 'busy' | 'emptyMessage' | 'paging'
>;

const submitted = (deposit: StaffDeposit) => (
  <time dateTime={deposit.submittedAt} className="whitespace-nowrap">
    {formatDateTime(deposit.submittedAt)}
  </time>
);

/** The member's name and e-mail as the button that opens the deposit (the row opens it too). */
function MemberCell({ deposit, selected, onSelect }: DepositChoice) {
  return (
    <SelectButton selected={selected} onSelect={onSelect}>
      <NameAndEmail person={deposit.member} />
    </SelectButton>
  );
}

/** Narrow column or phone: the whole card is the button. */
function DepositCard({ deposit, selected, onSelect }: DepositChoice) {
  return (
    <SelectCard
      selected={selected}
      onSelect={onSelect}
      marks={{ 'data-testid': 'staff-deposit', 'data-deposit-id': deposit.id }}
    >
      <span className="flex items-start justify-between gap-3">
        <span className="min-w-0 font-semibold break-words text-slate-900">{deposit.member.name}</span>
        <span className="shrink-0 text-right font-semibold text-slate-900 tabular-nums">{depositAmount(deposit)}</span>
      </span>
      {/* Its own line, the card's full width: an address breaks only when it cannot fit whole. */}
      <span className="block text-sm break-words text-slate-600">
        <EmailText email={deposit.member.email} />
      </span>
      <span className="mt-1.5 flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-slate-600">
        <span>{accountLabel(deposit)}</span>
        {submitted(deposit)}
      </span>
      {(deposit.flags.length > 0 || isReversedDeposit(deposit)) && (
        <span className="mt-2 flex flex-wrap gap-1.5">
          {isReversedDeposit(deposit) && <DepositStatusBadge deposit={deposit} />}
          <FlagBadges flags={deposit.flags} inside="button" />
        </span>
      )}
    </SelectCard>
  );
}

/**
 * One status's deposits, in the order the server gives (the queue oldest first): a table when
 * there is room, cards in a narrow column or on a phone. Choosing one opens its detail.
 */
export function DepositList({
  deposits,
  caption,
  selectedId,
  onSelect,
  ...states
}: Selection & ListStates & { deposits: readonly StaffDeposit[] | undefined; caption: string }) {
  const columns: DataTableColumn<StaffDeposit>[] = [
    { id: 'submitted', header: 'Submitted', cell: submitted },
    {
      id: 'member',
      header: 'Member',
      className: 'max-w-56',
      cell: (deposit) => (
        <MemberCell deposit={deposit} selected={deposit.id === selectedId} onSelect={() => onSelect(deposit)} />
      ),
    },
    { id: 'account', header: 'Account', className: 'whitespace-nowrap', cell: accountLabel },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      className: 'whitespace-nowrap font-semibold text-slate-900 tabular-nums',
      cell: (deposit) => (
        <>
          {depositAmount(deposit)}
          {/* Under Accepted, one whose money staff took back says so before it is opened. */}
          {isReversedDeposit(deposit) && (
            <span className="mt-1 block">
              <DepositStatusBadge deposit={deposit} />
            </span>
          )}
        </>
      ),
    },
    { id: 'flags', header: 'Flags', className: 'min-w-40', cell: (deposit) => <FlagBadges flags={deposit.flags} /> },
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={deposits}
      rowKey="id"
      rowProps={(deposit) => ({
        'data-testid': 'staff-deposit',
        'data-deposit-id': deposit.id,
        onClick: () => onSelect(deposit),
        className: selectableRowClass(deposit.id === selectedId),
      })}
      loadingLabel="Loading deposits…"
      skeletonRows={3}
      renderCard={(deposit) => (
        <DepositCard deposit={deposit} selected={deposit.id === selectedId} onSelect={() => onSelect(deposit)} />
      )}
      cardsBelow="container"
      {...states}
    />
  );
}
