import { CreditCard, FileText, Gift, type LucideIcon, Receipt, Send, Smartphone } from 'lucide-react';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { BillPayPanel } from '../bill-pay/bill-pay-panel';
import { StatementsPanel } from '../statements/statements-panel';
import { CardsPanel } from './cards-panel';
import { MobileDepositPanel } from './mobile-deposit-panel';
import { PanelFrame } from './panel-frame';
import { RewardsPanel } from './rewards-panel';
import { ZellePanel } from './zelle-panel';

/** A tile's name is all its text ("Cards Coming soon"): what it shows is what it is called. */
interface Tile {
  /** The panel's anchor is `quick-actions-<id>` (spec §2 route table: quick-actions-cards, -billpay). */
  id: string;
  label: string;
  description: string;
  icon: LucideIcon;
  Panel: ComponentType;
}

/** Spec §2, in the spec's order. */
const tiles: readonly Tile[] = [
  {
    id: 'billpay',
    label: 'Bill Pay',
    description: 'One-time or recurring',
    icon: Receipt,
    Panel: BillPayPanel,
  },
  {
    id: 'mobile-deposit',
    label: 'Mobile Deposit',
    description: 'Deposit a check',
    icon: Smartphone,
    Panel: MobileDepositPanel,
  },
  { id: 'cards', label: 'Cards', description: 'Lock, PIN, limits', icon: CreditCard, Panel: CardsPanel },
  {
    id: 'statements',
    label: 'Statements',
    description: 'Download or e-mail',
    icon: FileText,
    Panel: StatementsPanel,
  },
  { id: 'zelle', label: 'Zelle', description: 'Coming soon', icon: Send, Panel: ZellePanel },
  { id: 'rewards', label: 'Rewards', description: 'Being enhanced', icon: Gift, Panel: RewardsPanel },
];

const anchorOf = (tile: Tile) => `quick-actions-${tile.id}`;

/** The tile a dashboard address names (`#quick-actions-billpay`), if any. */
function tileOfHash(hash: string): Tile | undefined {
  const anchor = decodeURIComponent(hash.replace(/^#/, ''));
  return tiles.find((tile) => anchorOf(tile) === anchor);
}

const tileClass = [
  'group flex h-full w-full flex-col items-center gap-2 rounded-xl border border-slate-200 bg-white p-4 text-center',
  'transition-colors hover:border-brand hover:bg-brand-soft focus-visible:outline-2 focus-visible:outline-offset-2',
  'focus-visible:outline-brand',
].join(' ');

const iconClass =
  'flex h-11 w-11 items-center justify-center rounded-full bg-brand-soft text-brand group-hover:bg-white';

/**
 * Spec §2 Quick Actions: six tiles; a tile opens its panel in place of the tiles and "Back to
 * Quick Actions" returns to them (the focus goes to the panel, then back to its tile). An address
 * naming a panel's anchor opens it — on arrival, and again at each navigation to it (the top
 * navigation's Cards and Bill Pay, or only the #hash changed), which `useAnchorScroll` then scrolls to.
 */
export function QuickActions() {
  const location = useLocation();
  const [openId, setOpenId] = useState<string | null>(() => tileOfHash(location.hash)?.id ?? null);
  // A navigation is told apart by its key and its anchor: a change of the address's #hash alone (typed,
  // or a link elsewhere) comes as a browser "popstate" that may keep the key ("default") it had.
  const navigation = `${location.key}${location.hash}`;
  const [seen, setSeen] = useState(navigation);
  if (seen !== navigation) {
    // A new navigation (a click on "Bill Pay" while already here, a new #hash): open what it names.
    setSeen(navigation);
    const named = tileOfHash(location.hash);
    if (named) setOpenId(named.id);
  }

  const panelRef = useRef<HTMLDivElement>(null);
  const tileRefs = useRef(new Map<string, HTMLButtonElement>());
  /** Set by a click on a tile or on "Back": where the focus goes once the change is on screen. */
  const focusNext = useRef<{ to: 'panel' } | { to: 'tile'; id: string } | null>(null);

  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (next?.to === 'panel') panelRef.current?.focus();
    else if (next?.to === 'tile') tileRefs.current.get(next.id)?.focus();
  }, [openId]);

  const open = tiles.find((tile) => tile.id === openId);

  return (
    <section
      id="quick-actions"
      aria-labelledby="quick-actions-heading"
      className="scroll-mt-28 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="quick-actions-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Quick Actions
      </h2>
      {open ? (
        <PanelFrame
          anchor={anchorOf(open)}
          title={open.label}
          panelRef={panelRef}
          onBack={() => {
            focusNext.current = { to: 'tile', id: open.id };
            setOpenId(null);
          }}
        >
          <open.Panel />
        </PanelFrame>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {tiles.map((tile) => (
            <li key={tile.id}>
              <button
                type="button"
                ref={(element) => {
                  if (element) tileRefs.current.set(tile.id, element);
                  else tileRefs.current.delete(tile.id);
                }}
                className={tileClass}
                onClick={() => {
                  focusNext.current = { to: 'panel' };
                  setOpenId(tile.id);
                }}
              >
                <span className={iconClass}>
                  <tile.icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <span className="text-sm font-semibold text-slate-900">{tile.label}</span>
                <span className="text-xs text-slate-600">{tile.description}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
