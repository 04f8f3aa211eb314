/**
 * The status pills of the lists (a payment's, a deposit's, a card's): a small rounded label, tinted
 * by what it says. `iconPillClass` leaves room for an icon beside the words.
 */
export const pillClass =
  'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';
export const iconPillClass =
  'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

/** The light tints the pills share: under way (sky), done (green), needs a look (amber), refused (red). */
export const tints = {
  sky: 'bg-sky-50 text-sky-900 ring-sky-300',
  green: 'bg-green-50 text-green-900 ring-green-300',
  amber: 'bg-amber-50 text-amber-900 ring-amber-300',
  red: 'bg-red-50 text-red-900 ring-red-300',
  violet: 'bg-violet-50 text-violet-900 ring-violet-300',
  slate: 'bg-slate-100 text-slate-800 ring-slate-300',
} as const;
