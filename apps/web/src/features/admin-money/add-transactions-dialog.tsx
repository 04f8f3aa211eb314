import { Tabs } from 'radix-ui';
import { Dialog, type DialogControlProps } from '../../components/dialog';
import { useSite } from '../site/site-context';
import { CsvImport } from './csv-import';
import { TransactionRowsEditor } from './transaction-rows-editor';

export type EntryMode = 'rows' | 'csv';
const isMode = (value: string): value is EntryMode => value === 'rows' || value === 'csv';

/**
 * Bulk transaction entry (spec §2: single rows or CSV). Both ways post all rows or none; both
 * panels stay mounted so a half-typed batch survives a look at the other.
 */
export function AddTransactionsDialog({
  userId,
  name,
  mode,
  onModeChange,
  open,
  onOpenChange,
  onPosted,
}: DialogControlProps & {
  userId: string;
  name: string;
  mode: EntryMode;
  onModeChange: (mode: EntryMode) => void;
  onPosted: (message: string) => void;
}) {
  // The server reads typed dates and times on this clock (TIME_ZONE), whatever the browser's.
  const { timeZone } = useSite();
  const panel = 'focus-visible:outline-2 focus-visible:outline-offset-4 data-[state=inactive]:hidden';
  const trigger =
    'rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 hover:text-slate-900 ' +
    'data-[state=active]:bg-white data-[state=active]:text-brand data-[state=active]:shadow-sm';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Transactions"
      size="xl"
      description={
        <>
          For {name}. Dates and times are the credit union’s local time ({timeZone}). Completed rows post, Pending rows
          hold the money, Failed rows are only recorded. All rows post together, or none do.
        </>
      }
    >
      <Tabs.Root value={mode} onValueChange={(value) => isMode(value) && onModeChange(value)}>
        <Tabs.List
          aria-label="How to add transactions"
          className="mb-4 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:w-fit"
        >
          <Tabs.Trigger value="rows" className={trigger}>
            Enter rows
          </Tabs.Trigger>
          <Tabs.Trigger value="csv" className={trigger}>
            Upload CSV
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="rows" forceMount className={panel}>
          <TransactionRowsEditor userId={userId} onPosted={onPosted} />
        </Tabs.Content>
        <Tabs.Content value="csv" forceMount className={panel}>
          <CsvImport userId={userId} onPosted={onPosted} />
        </Tabs.Content>
      </Tabs.Root>
    </Dialog>
  );
}
