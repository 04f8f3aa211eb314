import { type AccountSummary, internalTransferSchema } from '@mutual/shared';
import { transfersApi } from '@mutual/shared/contract/transfers';
import type { z } from 'zod';
import { useCards } from '../cards/cards-api';
import { BlockedModal } from './blocked-modal';
import { AccountSelect, AmountField, ReferenceField } from './transfer-fields';
import { TransferForm } from './transfer-form';
import { useTransferForm } from './use-transfer-form';
import { useTransferRequest } from './use-transfer-request';

type Input = z.input<typeof internalTransferSchema>;

const names = ['fromAccount', 'toAccount', 'amount', 'reference'] as const;

function emptyFor(accounts: AccountSummary[]): Input {
  const from = accounts[0]?.type ?? 'Checking';
  const to = accounts.find((account) => account.type !== from)?.type ?? 'Savings';
  return { transferType: 'internal', fromAccount: from, toAccount: to, amount: '', reference: '' };
}

/**
 * "Between Accounts": Checking ⇄ Savings, and paying the member's credit card from either,
 * completed at once (`transfersApi.internal`).
 */
export function InternalTransferForm({ accounts }: { accounts: AccountSummary[] }) {
  const credit = useCards().data?.cards.find((card) => card.kind === 'credit' && card.status !== 'closed');
  const payCard = credit ? [{ value: 'Credit Card', label: `Credit Card ••${credit.last4}` }] : [];
  const { send, sending, forget } = useTransferRequest(transfersApi.internal);
  const transfer = useTransferForm({
    schema: internalTransferSchema,
    emptyFor,
    names,
    accounts,
    onClear: forget,
    submit: async (values, { fundsShort, succeed }) => {
      if (fundsShort(values)) return;
      const result = await send(values);
      if (result) succeed(result.message);
    },
  });
  const { field } = transfer;

  return (
    <>
      <TransferForm label="Between Accounts" transfer={transfer} sending={sending} submitLabel="Transfer">
        <AccountSelect id="internal-from" label="From" {...transfer.fromProps} />
        <AccountSelect id="internal-to" label="To" accounts={accounts} more={payCard} {...field('toAccount')} />
        <AmountField id="internal-amount" {...transfer.amountProps} />
        <ReferenceField id="internal-reference" {...field('reference')} />
      </TransferForm>
      <BlockedModal kind="suspended" open={transfer.blocked} onOpenChange={transfer.setBlocked} />
    </>
  );
}
