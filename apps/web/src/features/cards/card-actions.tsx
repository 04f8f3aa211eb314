import { type Card, type CardCodeAction, type CardResult, cardCodeActionLabels } from '@mutual/shared';
import { Eye, KeyRound, Lock, LockOpen, ShieldAlert, SlidersHorizontal, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { useLockCard } from './cards-api';
import { cardErrorMessage } from './format';
import { ReportLostDialog } from './report-lost-dialog';

/** What an action tells the member, shown with the card it was about. */
export interface CardNotice {
  cardId: string;
  tone: 'success' | 'error';
  text: string;
}

const modalIcons: Record<CardCodeAction, LucideIcon> = { pin: KeyRound, limits: SlidersHorizontal, details: Eye };
const modalActions: CardCodeAction[] = ['pin', 'limits', 'details'];

/**
 * A card's buttons. Lock Card / Unlock Card act at once and can be undone, as in a bank's app;
 * Report Lost or Stolen asks first, because it cannot be undone. The three modal actions ask for a
 * card code first. A replacement waiting for activation has only its activation form (shown by the
 * caller) and Report Lost or Stolen — it may be lost in the post.
 */
export function CardActions({
  card,
  onNotice,
  onOpenModal,
}: {
  card: Card;
  onNotice: (notice: CardNotice) => void;
  onOpenModal: (action: CardCodeAction) => void;
}) {
  const lock = useLockCard();
  const [reporting, setReporting] = useState(false);
  const locked = card.status === 'locked';
  const canLock = card.status === 'active' || locked;

  const toggleLock = async () => {
    if (lock.isPending) return;
    try {
      const result = await lock.mutateAsync({ cardId: card.id, lock: !locked });
      onNotice({ cardId: card.id, tone: 'success', text: result.message });
    } catch (error) {
      onNotice({ cardId: card.id, tone: 'error', text: cardErrorMessage(error) });
    }
  };

  const onReported = (result: CardResult) => {
    setReporting(false);
    // The closed card now sits under its replacement: the news goes with the replacement.
    onNotice({ cardId: result.card.replacedById ?? result.card.id, tone: 'success', text: result.message });
  };

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for card ending ${card.last4}`}>
      {canLock && (
        <Button
          icon={locked ? LockOpen : Lock}
          variant={locked ? 'primary' : 'outline'}
          size="sm"
          onClick={() => void toggleLock()}
          busy={lock.isPending}
        >
          {lock.isPending ? (locked ? 'Unlocking…' : 'Locking…') : locked ? 'Unlock Card' : 'Lock Card'}
        </Button>
      )}
      {canLock &&
        modalActions.map((action) => (
          <Button
            key={action}
            icon={modalIcons[action]}
            variant="outline"
            size="sm"
            onClick={() => onOpenModal(action)}
          >
            {cardCodeActionLabels[action]}
          </Button>
        ))}
      <Button icon={ShieldAlert} variant="outline" size="sm" onClick={() => setReporting(true)}>
        Report Lost or Stolen
      </Button>
      <ReportLostDialog card={card} open={reporting} onClose={() => setReporting(false)} onReported={onReported} />
    </div>
  );
}
