import { type Card, type CardsOverview as Overview, cardKindLabels, cardStatusLabels } from '@mutual/shared';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { formatDate } from '../../lib/format-date';
import { ActivateCardForm } from './activate-card-form';
import { CardActions, type CardNotice } from './card-actions';
import { CardFacts } from './card-facts';
import { CardModal, type CardModalTarget } from './card-modal';
import { CardPicture } from './card-picture';
import { RecentCardTransactions } from './card-transactions';
import { orderCards } from './format';

/** "Debit Card" with "ending 4242" for assistive tech and "••4242" on screen. */
function CardHeading({ card, id }: { card: Card; id: string }) {
  return (
    <h4 id={id} className="font-semibold text-slate-900">
      {cardKindLabels[card.kind]}
      <span className="ml-2 font-mono text-sm font-normal text-slate-500">
        <span className="sr-only">ending in </span>
        <span aria-hidden="true">••</span>
        {card.last4}
      </span>
    </h4>
  );
}

/** A card the member uses: picture, facts, buttons (or activation), news of the last action, recent transactions. */
function CardItem({
  card,
  closed,
  notice,
  onNotice,
  onOpenModal,
}: {
  card: Card;
  closed: Card[];
  notice: CardNotice | null;
  onNotice: (notice: CardNotice) => void;
  onOpenModal: (target: CardModalTarget) => void;
}) {
  const headingId = `card-${card.id}-heading`;
  if (card.status === 'closed') {
    // Closed, and its replacement is not listed: still only a line, dimmed.
    return (
      <li>
        <ClosedCard card={card} />
      </li>
    );
  }
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="rounded-xl border border-slate-200 p-4"
        data-testid="card"
        data-card-id={card.id}
        data-status={card.status}
      >
        <div className="grid gap-5 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
          <CardPicture card={card} />
          <div className="min-w-0 space-y-3">
            <CardHeading card={card} id={headingId} />
            <CardFacts card={card} />
          </div>
        </div>
        <div className="mt-4 space-y-3">
          {card.status === 'inactive' && (
            <ActivateCardForm
              card={card}
              onActivated={(result) => onNotice({ cardId: card.id, tone: 'success', text: result.message })}
            />
          )}
          <CardActions card={card} onNotice={onNotice} onOpenModal={(action) => onOpenModal({ card, action })} />
          {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        </div>
        <div className="mt-4 border-t border-slate-100 pt-3">
          <RecentCardTransactions transactions={card.recentTransactions} headingId={`card-${card.id}-recent`} />
        </div>
        {closed.map((old) => (
          <ClosedCard key={old.id} card={old} />
        ))}
      </article>
    </li>
  );
}

const summaryClass =
  'flex cursor-pointer list-none items-center gap-2 p-3 text-slate-600 [&::-webkit-details-marker]:hidden';

/** A card reported lost or stolen: small and dimmed under its replacement, its history a click away. */
function ClosedCard({ card }: { card: Card }) {
  return (
    <details
      className="group mt-4 rounded-lg border border-slate-200 bg-slate-50 text-sm"
      data-testid="closed-card"
      data-card-id={card.id}
    >
      <summary className={summaryClass}>
        <ChevronRight className="h-4 w-4 shrink-0 transition-transform group-open:rotate-90" aria-hidden="true" />
        <span>
          {cardKindLabels[card.kind]} ••{card.last4} · {cardStatusLabels.closed}
          {card.closedAt && (
            <>
              {' '}
              ({card.closedReason === 'stolen' ? 'stolen' : 'lost'},{' '}
              <time dateTime={card.closedAt}>{formatDate(card.closedAt)}</time>)
            </>
          )}
        </span>
      </summary>
      <div className="space-y-4 border-t border-slate-200 p-3">
        <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
          <CardPicture card={card} />
          <div className="min-w-0 space-y-2">
            <h5 className="font-semibold text-slate-700">
              {cardKindLabels[card.kind]} ending {card.last4}
            </h5>
            <CardFacts card={card} />
          </div>
        </div>
        <RecentCardTransactions transactions={card.recentTransactions} headingId={`card-${card.id}-recent`} />
      </div>
    </details>
  );
}

/**
 * The Overview tab: each card (debit first, then credit; a closed card under its replacement) with
 * its picture, status, linked account or credit line, its buttons and recent card transactions;
 * one modal for Change PIN, Set Transaction Limits and View Card Details.
 */
export function CardsOverview({ overview }: { overview: Overview }) {
  const [notice, setNotice] = useState<CardNotice | null>(null);
  const [modal, setModal] = useState<CardModalTarget | null>(null);
  const groups = orderCards(overview.cards);
  const placed = notice !== null && groups.some(({ card }) => card.id === notice.cardId);

  if (groups.length === 0) {
    return <p className="text-sm text-slate-700">You have no cards with us yet.</p>;
  }
  return (
    <>
      {notice && !placed && (
        <Alert tone={notice.tone} className="mb-4">
          {notice.text}
        </Alert>
      )}
      <ul aria-label="Your cards" className="space-y-4">
        {groups.map(({ card, closed }) => (
          <CardItem
            key={card.id}
            card={card}
            closed={closed}
            notice={notice?.cardId === card.id ? notice : null}
            onNotice={setNotice}
            onOpenModal={setModal}
          />
        ))}
      </ul>
      <CardModal target={modal} overview={overview} onClose={() => setModal(null)} />
    </>
  );
}
