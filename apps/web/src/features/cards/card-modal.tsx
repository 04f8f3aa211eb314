import { type Card, type CardCodeAction, type CardsOverview, cardCodeActionLabels } from '@mutual/shared';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { useStepLanding } from '../../lib/focus-landing';
import { CardCodeStep } from './card-code-step';
import { CardDetailsView } from './card-details-view';
import { ChangePinForm } from './change-pin-form';
import { cardName } from './format';
import { LimitsForm } from './limits-form';

/** Which card and which of the three actions the modal is open for. */
export interface CardModalTarget {
  card: Card;
  action: CardCodeAction;
}

type Step =
  { at: 'code'; error: string | null } | { at: 'action'; challengeId: string } | { at: 'done'; message: string };

/**
 * The card modal (spec §2, §8): one dialog, titled by the action — Change PIN, Set Transaction
 * Limits or View Card Details. Step 1 is always the card code; only a verified code reaches the
 * action's form, and a code found spent or expired there sends the member back to step 1.
 */
export function CardModal({
  target,
  overview,
  onClose,
}: {
  target: CardModalTarget | null;
  overview: Pick<CardsOverview, 'limitCeilings' | 'detailsSeconds'>;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target ? cardCodeActionLabels[target.action] : ''}
      description={target ? cardName(target.card) : undefined}
      size="md"
    >
      {/* Radix unmounts the content when closed: each opening starts at the code, with nothing kept. */}
      {target && (
        <CardModalSteps key={`${target.card.id}:${target.action}`} {...target} overview={overview} onClose={onClose} />
      )}
    </Dialog>
  );
}

function CardModalSteps({
  card,
  action,
  overview,
  onClose,
}: CardModalTarget & { overview: Pick<CardsOverview, 'limitCeilings' | 'detailsSeconds'>; onClose: () => void }) {
  const [step, setStep] = useState<Step>({ at: 'code', error: null });
  // A new key remounts the code step, which then shows the server's words and waits for "Send a new code".
  const [round, setRound] = useState(0);
  // The button pressed goes with its step: the focus lands on the step that took its place.
  const { stepId, focusStep } = useStepLanding();
  const go = (next: Step) => {
    setStep(next);
    focusStep();
  };
  const backToCode = (error: string) => {
    setRound((value) => value + 1);
    go({ at: 'code', error });
  };
  const done = (message: string) => go({ at: 'done', message });

  return (
    <div id={stepId}>
      {step.at === 'code' ? (
        <CardCodeStep
          key={round}
          card={card}
          action={action}
          initialError={step.error}
          onVerified={(challengeId) => go({ at: 'action', challengeId })}
        />
      ) : step.at === 'done' ? (
        <div className="space-y-4">
          <Alert tone="success">{step.message}</Alert>
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <ActionStep
          card={card}
          action={action}
          overview={overview}
          challengeId={step.challengeId}
          onDone={done}
          onCodeExpired={backToCode}
          onViewChange={focusStep}
          onClose={onClose}
        />
      )}
    </div>
  );
}

/** Step 2: the action's form, or the card's details, spending the verified code. */
function ActionStep({
  card,
  action,
  overview,
  challengeId,
  onDone,
  onCodeExpired,
  onViewChange,
  onClose,
}: CardModalTarget & {
  overview: Pick<CardsOverview, 'limitCeilings' | 'detailsSeconds'>;
  challengeId: string;
  onDone: (message: string) => void;
  onCodeExpired: (message: string) => void;
  onViewChange: () => void;
  onClose: () => void;
}) {
  switch (action) {
    case 'pin':
      return <ChangePinForm card={card} challengeId={challengeId} onDone={onDone} onCodeExpired={onCodeExpired} />;
    case 'limits':
      return (
        <LimitsForm
          card={card}
          ceilings={overview.limitCeilings}
          challengeId={challengeId}
          onDone={onDone}
          onCodeExpired={onCodeExpired}
        />
      );
    case 'details':
      return (
        <CardDetailsView
          card={card}
          challengeId={challengeId}
          seconds={overview.detailsSeconds}
          onCodeExpired={onCodeExpired}
          onViewChange={onViewChange}
          onClose={onClose}
        />
      );
  }
}
