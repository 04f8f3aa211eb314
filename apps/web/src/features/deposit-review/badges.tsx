import type { DepositFlag, DepositFlagKind } from '@mutual/shared';
import { tints } from '../../components/pill';

const pill =
  'inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-semibold ring-1 ring-inset break-words';

/** The same check twice is the strongest warning; a new member or a large amount is a reason to look closer. */
const flagTones: Record<DepositFlagKind, string> = {
  duplicate_image: tints.red,
  same_check: tints.red,
  similar_image: tints.amber,
  over_usual: tints.amber,
  new_member: tints.sky,
};

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
