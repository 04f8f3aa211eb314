import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The parts of a staff list whose rows open a detail beside it (the members, the deposits): the
 * table cell's button and, on a phone or in a narrow column, the card that is one button. The one
 * open is marked `aria-current`.
 */
interface Selectable {
  selected: boolean;
  onSelect: () => void;
  children: ReactNode;
}

/** The cell's button: the row opens the item too, so a click here stops before it reaches the row. */
export function SelectButton({ selected, onSelect, children }: Selectable) {
  return (
    <button
      type="button"
      aria-current={selected ? 'true' : undefined}
      onClick={(event) => {
        event.stopPropagation();
        onSelect();
      }}
      className="block max-w-full rounded text-left"
    >
      {children}
    </button>
  );
}

/** One card of the list, the whole card a button with a chevron; `marks` are the item's `data-` attributes. */
export function SelectCard({
  selected,
  onSelect,
  children,
  marks,
}: Selectable & { marks?: { [data: `data-${string}`]: string } }) {
  return (
    <li {...marks}>
      <button
        type="button"
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
        className={`flex w-full items-center gap-3 rounded-xl border p-3.5 text-left ${
          selected ? 'border-brand bg-brand-soft' : 'border-slate-200 bg-white hover:bg-slate-50'
        }`}
      >
        <span className="min-w-0 flex-1">{children}</span>
        <ChevronRight className="h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
      </button>
    </li>
  );
}

/** The row's own click opens the item; the open row is tinted. */
export const selectableRowClass = (selected: boolean) =>
  `cursor-pointer ${selected ? 'bg-brand-soft' : 'hover:bg-slate-50'}`;
