import type { AccountSummary } from '@mutual/shared';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { ExternalTransferForm } from './external-transfer-form';
import { InternalTransferForm } from './internal-transfer-form';
import { InternationalTransferForm } from './international-transfer-form';
import { UserTransferForm } from './user-transfer-form';

const tabs = [
  { value: 'internal', label: 'Between Accounts', Form: InternalTransferForm },
  { value: 'user', label: 'To Member', Form: UserTransferForm },
  { value: 'external', label: 'To US Bank', Form: ExternalTransferForm },
  { value: 'international', label: 'International', Form: InternationalTransferForm },
] as const;
type Tab = (typeof tabs)[number]['value'];
const tabClass =
  'flex min-w-0 items-center justify-center rounded-lg px-2 py-2 text-center text-sm leading-tight font-semibold ' +
  'text-slate-600 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand ' +
  'data-[state=active]:shadow-sm';
const isTab = (value: string): value is Tab => tabs.some((tab) => tab.value === value);

/**
 * Spec §2 "Transfer Money" with its four tabs. Every panel stays mounted (hidden when inactive),
 * so a half-filled form survives a look at another tab.
 */
export function TransferSection({ accounts }: { accounts: AccountSummary[] }) {
  const [tab, setTab] = useState<Tab>('internal');
  const panel = 'pt-5 focus-visible:outline-2 focus-visible:outline-offset-4 data-[state=inactive]:hidden';
  return (
    <Tabs.Root value={tab} onValueChange={(value) => isTab(value) && setTab(value)}>
      <Tabs.List
        aria-label="Transfer type"
        className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:grid-cols-4"
      >
        {tabs.map(({ value, label }) => (
          <Tabs.Trigger key={value} value={value} className={tabClass}>
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map(({ value, Form }) => (
        <Tabs.Content key={value} value={value} forceMount className={panel}>
          <Form accounts={accounts} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
