import type { ReactNode } from 'react';
import { PanelSection } from '../../components/layout';
import { ConfirmDialog, ConfirmNotice } from './confirm-dialog';
import { useConfirmAction } from './use-confirm-action';

/**
 * A Bill Pay panel of what the member has saved (payees, recurring payments): the last action's
 * notice, a line when there is nothing yet, else one row per item — what it is, then its button —
 * and the "are you sure?" dialog that button opens before `run` acts on the item.
 */
export function SavedList<Item extends { id: string }>({
  headingId,
  title,
  items,
  emptyText,
  run,
  describe,
  button,
  confirm,
}: {
  headingId: string;
  /** The panel's heading, also the list's name. */
  title: string;
  items: Item[];
  emptyText: string;
  run: (item: Item) => Promise<{ message: string }>;
  describe: (item: Item) => ReactNode;
  /** The item's button; `ask` opens the dialog about it. */
  button: (item: Item, ask: () => void) => ReactNode;
  confirm: { title: string; confirmLabel: string; keepLabel: string; says: (item: Item) => ReactNode };
}) {
  const action = useConfirmAction(run);
  return (
    <PanelSection headingId={headingId} title={title}>
      <ConfirmNotice action={action} />
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyText}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={title}>
          {items.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-3 py-2.5 text-sm">
              <div className="min-w-0">{describe(item)}</div>
              {button(item, () => action.ask(item))}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        action={action}
        title={confirm.title}
        confirmLabel={confirm.confirmLabel}
        keepLabel={confirm.keepLabel}
      >
        {confirm.says}
      </ConfirmDialog>
    </PanelSection>
  );
}
