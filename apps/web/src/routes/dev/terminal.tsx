import { ExternalLink, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { DevPage } from './dev-page';
import type { TerminalAnswer as Answer } from '../../features/card-terminal/answers';
import { PurchaseForm } from '../../features/card-terminal/purchase-form';
import { TerminalAnswer } from '../../features/card-terminal/terminal-answer';
import { TerminalTransactions } from '../../features/card-terminal/terminal-transactions';
import { isTerminalUnavailable, useTerminal } from '../../features/card-terminal/use-card-terminal';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * Development only: a card terminal for the demo. The server signs each request as a card processor
 * would and sends it to its own processor interface, so a visitor can buy a coffee with a demo card
 * and watch the member's dashboard change (modules/cards/card-terminal.ts).
 */
export function DevTerminalPage() {
  useDocumentTitle('Card Terminal');
  const terminal = useTerminal();
  const [answer, setAnswer] = useState<Answer | null>(null);

  return (
    <DevPage
      title="Card Terminal"
      query={terminal}
      unavailable={isTerminalUnavailable(terminal.error)}
      loadingText="Loading cards…"
      unavailableNotice={{
        title: 'The card terminal is not available',
        text: 'It exists only outside production, and is served to this computer only unless DEV_MAILBOX=public.',
      }}
      errorTitle="Could not load the card terminal"
      banner={
        <div
          role="note"
          className="mt-6 flex gap-3 rounded-2xl border-2 border-amber-300 bg-amber-50 p-4 text-amber-950"
          data-testid="terminal-banner"
        >
          <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <div className="space-y-1">
            <p className="font-semibold">
              Demo card terminal — it signs requests as a card processor would. Not part of a real portal.
            </p>
            <p className="text-sm">
              <a
                href="/dashboard"
                target="_blank"
                rel="noopener"
                className="inline-flex items-center gap-1 font-medium underline underline-offset-2 hover:text-amber-800"
              >
                Open the dashboard in another tab to watch it update live.
                <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
              </a>
            </p>
          </div>
        </div>
      }
    >
      {(data) => (
        <div className="space-y-10">
          <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <section
              aria-labelledby="terminal-charge-heading"
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
            >
              <h2 id="terminal-charge-heading" className="mb-4 text-lg font-semibold text-slate-900">
                Charge a card
              </h2>
              <PurchaseForm cards={data.cards} onAnswer={setAnswer} />
            </section>
            <section aria-labelledby="terminal-answer-heading" className="lg:sticky lg:top-28 lg:self-start">
              <h2 id="terminal-answer-heading" className="mb-4 text-lg font-semibold text-slate-900">
                Processor&apos;s answer
              </h2>
              <TerminalAnswer answer={answer} />
            </section>
          </div>
          <section aria-labelledby="terminal-recent-heading">
            <h2 id="terminal-recent-heading" className="mb-1 text-lg font-semibold text-slate-900">
              Recent card transactions
            </h2>
            <p className="mb-4 text-sm text-slate-600">
              The latest authorizations on any card, newest first. Clear a pending one (add a tip by changing the
              amount) or reverse it, and refund a cleared purchase (all of it or part), as the merchant would.
            </p>
            <TerminalTransactions recent={data.recent} onAnswer={setAnswer} />
          </section>
        </div>
      )}
    </DevPage>
  );
}
