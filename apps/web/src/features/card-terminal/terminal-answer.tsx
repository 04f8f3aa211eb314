import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import type { TerminalAnswer as Answer } from './answers';

const looks = {
  approved: { box: 'border-green-300 bg-green-50', text: 'text-green-800', Icon: CircleCheck },
  declined: { box: 'border-red-300 bg-red-50', text: 'text-red-800', Icon: CircleX },
  refused: { box: 'border-amber-300 bg-amber-50', text: 'text-amber-900', Icon: CircleAlert },
} as const;

/**
 * The terminal's screen: the last answer, big — "Approved" in green, the decline in the member's
 * words in red ("Declined: card locked"), a refusal of the request itself in amber — with the
 * processor's id. A live region, so the answer is read out as it arrives.
 */
export function TerminalAnswer({ answer }: { answer: Answer | null }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" data-testid="terminal-answer" data-tone={answer?.tone}>
      {answer ? <AnswerCard answer={answer} /> : <Waiting />}
    </div>
  );
}

function Waiting() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
      <p className="text-lg font-medium text-slate-700">Ready</p>
      <p className="mt-1 text-sm">Pick a card and press Charge Card: the answer shows here.</p>
    </div>
  );
}

function AnswerCard({ answer }: { answer: Answer }) {
  const look = looks[answer.tone];
  return (
    <div className={`rounded-2xl border-2 p-5 sm:p-6 ${look.box}`}>
      <p className={`flex items-start gap-3 text-2xl leading-tight font-bold sm:text-3xl ${look.text}`}>
        <look.Icon className="mt-0.5 h-7 w-7 shrink-0 sm:h-8 sm:w-8" aria-hidden="true" />
        <span className="min-w-0 break-words" data-testid="terminal-answer-headline">
          {answer.headline}
        </span>
      </p>
      <p className="mt-3 text-sm break-words text-slate-800">{answer.detail}</p>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {answer.processorId && (
          <>
            <dt className="text-slate-600">Processor id</dt>
            <dd className="font-mono break-all text-slate-900" data-testid="terminal-answer-id">
              {answer.processorId}
            </dd>
          </>
        )}
        {answer.status > 0 && (
          <>
            <dt className="text-slate-600">HTTP status</dt>
            <dd className="font-mono text-slate-900">{answer.status}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
