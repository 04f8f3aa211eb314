import { type DepositFlag, type DepositFlagKind, type DepositStatus, depositStatusLabels } from '@mutual/shared';

const pill =
  'inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-semibold ring-1 ring-inset break-words';

const red = 'bg-red-50 text-red-900 ring-red-300';
const amber = 'bg-amber-50 text-amber-900 ring-amber-300';
const blue = 'bg-sky-50 text-sky-900 ring-sky-300';

/** The same check twice is the strongest warning; a new member or a large amount is a reason to look closer. */
const flagTones: Record<DepositFlagKind, string> = {
  duplicate_image: red,
  same_check: red,
  similar_image: amber,
  over_usual: amber,
  new_member: blue,
};

const statusTones: Record<DepositStatus, string> = {
  pending_review: amber,
  accepted: 'bg-green-50 text-green-900 ring-green-300',
  rejected: red,
  returned: 'bg-slate-100 text-slate-800 ring-slate-300',
};

export function DepositStatusBadge({ status }: { status: DepositStatus }) {
  return <span className={`${pill} whitespace-nowrap ${statusTones[status]}`}>{depositStatusLabels[status]}</span>;
}

export function FlagBadge({ flag }: { flag: DepositFlag }) {
  return (
    <span className={`${pill} ${flagTones[flag.kind]}`} data-flag={flag.kind}>
      {flag.label}
    </span>
  );
}

/**
 * A deposit's flags in the list; nothing when there are none. `inside="button"`: plain spans, as a
 * button may hold no list.
 */
export function FlagBadges({ flags, inside }: { flags: readonly DepositFlag[]; inside?: 'button' }) {
  if (flags.length === 0) return null;
  const [List, Item] = inside === 'button' ? (['span', 'span'] as const) : (['ul', 'li'] as const);
  return (
    <List className="flex flex-wrap gap-1.5" aria-label={inside === 'button' ? undefined : 'Flags'}>
      {flags.map((flag, index) => (
        <Item key={`${flag.kind}-${index}`} className="max-w-full">
          <FlagBadge flag={flag} />
        </Item>
      ))}
    </List>
  );
}
