import { type Card, type CardDesign, cardKindLabels } from '@mutual/shared';
import { Nfc } from 'lucide-react';
import { useSite } from '../site/site-context';

/** Standard: the credit union's blue; Platinum: silver over graphite (white text stays readable on both). */
const designs: Record<CardDesign, string> = {
  Standard: 'bg-gradient-to-br from-brand via-brand to-brand-dark',
  Platinum: 'bg-gradient-to-br from-zinc-500 via-zinc-700 to-zinc-900',
};

/**
 * The card as it looks in the hand, by its design: the credit union's name, the chip, the masked
 * number, the name on the card, expiry and kind. One image for assistive tech, named by those facts.
 * It keeps a card's proportions (85.6 × 54 mm) and shrinks with the column on a phone. A replacement
 * waiting to be activated comes without its expiry (activation asks for the one printed on it): the
 * picture then leaves the expiry out.
 */
export function CardPicture({ card }: { card: Card }) {
  const { brand } = useSite();
  const kind = cardKindLabels[card.kind];
  const dimmed = card.status === 'closed';
  return (
    <div
      role="img"
      aria-label={`${card.design} ${kind} ${card.numberMasked}, ${card.nameOnCard}${
        card.expiry ? `, expires ${card.expiry}` : ''
      }`}
      className={[
        'relative flex aspect-[1.586] w-full max-w-xs flex-col justify-between overflow-hidden rounded-2xl p-4',
        'text-white shadow-md select-none sm:p-5',
        designs[card.design],
        // Closed: grey, not faded, so its words stay readable.
        dimmed ? 'grayscale' : '',
      ].join(' ')}
      data-testid="card-picture"
      data-design={card.design}
    >
      {/* A sheen across the card: platinum looks metallic, standard a little glossy. */}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute -top-1/2 -right-1/4 h-full w-3/4 rotate-12 rounded-full bg-white/10"
      />
      <div className="relative flex items-start justify-between gap-2">
        <span className="truncate text-sm font-semibold tracking-wide">{brand.shortName}</span>
        <span className="shrink-0 text-xs font-medium tracking-wider uppercase">{card.design}</span>
      </div>
      <div className="relative flex items-center gap-2">
        <span className="h-7 w-9 rounded-md bg-gradient-to-br from-amber-200 to-amber-400 ring-1 ring-amber-500/40" />
        <Nfc className="h-5 w-5" aria-hidden="true" />
      </div>
      <p className="relative font-mono text-base tracking-widest whitespace-nowrap sm:text-lg">{card.numberMasked}</p>
      <div className="relative flex items-end justify-between gap-3 text-xs">
        <div className="min-w-0">
          <p className="truncate font-medium tracking-wide uppercase">{card.nameOnCard}</p>
          {card.expiry && (
            <p className="mt-0.5">
              <span className="text-[0.625rem] tracking-wider uppercase">Expires </span>
              <span className="font-mono">{card.expiry}</span>
            </p>
          )}
        </div>
        <span className="shrink-0 font-semibold">{kind}</span>
      </div>
    </div>
  );
}
