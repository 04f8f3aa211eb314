import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';

export interface TabItem<V extends string> {
  value: V;
  label: string;
  /**
   * The badge: a number; `null` while it is not known yet (shows "–"); left out for no badge.
   * Screen readers hear it with the label: "Pending (3)".
   */
  count?: number | null;
  disabled?: boolean;
}

/** A tab a value, named by `labels`, with its count from `counts` (unknown, "–", until they load). */
export function countedTabs<V extends string>(
  values: readonly V[],
  labels: Record<V, string>,
  counts: Record<V, number> | undefined,
): TabItem<V>[] {
  return values.map((value) => ({ value, label: labels[value], count: counts ? counts[value] : null }));
}

const number = new Intl.NumberFormat('en-US');

/**
 * The look of the staff lists' status tabs: the active one lifts out of the grey track. A tab is
 * as wide as its label and count and grows into the room left on its row; a row too narrow for
 * the next tab puts it on a new row, and a cell too narrow for a tab puts its count under its
 * label, then wraps the label: a label never runs under its neighbour.
 */
const trigger = [
  'flex grow flex-wrap items-center justify-center gap-x-2 gap-y-1 rounded-lg px-3 py-2 sm:px-4',
  'text-center text-sm font-medium text-slate-700 hover:text-slate-900',
  'disabled:cursor-not-allowed disabled:opacity-50',
  'data-[state=active]:bg-white data-[state=active]:text-brand data-[state=active]:shadow-sm',
].join(' ');

/** A tab's label and count badge; the count reaches assistive tech as "(3)", not as a bare "3". */
export function TabLabel({ label, count }: { label: string; count?: number | null }) {
  return (
    <>
      {label}
      {count !== undefined && (
        <span
          aria-hidden="true"
          className="shrink-0 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800 tabular-nums"
        >
          {count === null ? '–' : number.format(count)}
        </span>
      )}
      {typeof count === 'number' && <span className="sr-only"> ({number.format(count)})</span>}
    </>
  );
}

/**
 * Tabs on Radix (arrow keys, Home/End, roles and wiring), each with an optional count badge: the
 * status filters of the staff lists. Controlled (`value` + `onValueChange`, e.g. from the address)
 * or not (`defaultValue`). `children` is the panel: the same content for every tab, or a function of
 * the tab; only the active panel is mounted.
 */
export function Tabs<V extends string>({
  tabs,
  label,
  value,
  defaultValue,
  onValueChange,
  children,
  listClassName = 'grid grid-cols-2 sm:inline-flex',
  panelClassName = 'mt-4',
  className,
}: {
  tabs: readonly TabItem<V>[];
  /** Names the tab list: "Payments by status". */
  label: string;
  value?: V;
  defaultValue?: V;
  onValueChange?: (value: V) => void;
  children?: ReactNode | ((value: V) => ReactNode);
  /** How the tabs sit: two columns on phones and a row above by default. */
  listClassName?: string;
  panelClassName?: string;
  className?: string;
}) {
  return (
    <RadixTabs.Root
      value={value}
      defaultValue={defaultValue ?? tabs[0]?.value}
      onValueChange={(next) => {
        const tab = tabs.find((candidate) => candidate.value === next);
        if (tab) onValueChange?.(tab.value);
      }}
      className={className}
    >
      <RadixTabs.List aria-label={label} className={`flex-wrap gap-1 rounded-xl bg-slate-100 p-1 ${listClassName}`}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.value} value={tab.value} disabled={tab.disabled} className={trigger}>
            <TabLabel label={tab.label} count={tab.count} />
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {children !== undefined &&
        tabs.map((tab) => (
          <RadixTabs.Content
            key={tab.value}
            value={tab.value}
            className={`focus-visible:outline-offset-4 ${panelClassName}`}
          >
            {typeof children === 'function' ? children(tab.value) : children}
          </RadixTabs.Content>
        ))}
    </RadixTabs.Root>
  );
}
