import type { PublicSite } from '@mutual/shared';
import { ExternalLink, FlaskConical, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, buttonClass } from '../../components/button';

type DemoSignIn = PublicSite['demoSignIns'][number];

function MailboxLink({ className, children }: { className: string; children: ReactNode }) {
  return (
    <a href="/dev/mailbox" target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/**
 * Demo mode only: the seeded people anyone may sign in as, and where their sign-in code arrives.
 * Marked loudly so nobody takes it for a real credit union's page. While a code is awaited, the
 * box shrinks to the one thing that matters then: the mailbox.
 */
export function DemoSignIns({
  signIns,
  awaitingCode,
  onFill,
}: {
  signIns: DemoSignIn[];
  awaitingCode: boolean;
  onFill: (signIn: DemoSignIn) => void;
}) {
  return (
    <section
      aria-labelledby="demo-sign-ins-title"
      className="rounded-2xl border-2 border-dashed border-amber-300 bg-amber-50 p-5 text-amber-950 sm:p-6"
      data-testid="demo-sign-ins"
    >
      <div className="flex items-center gap-2">
        <FlaskConical className="h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
        <h2 id="demo-sign-ins-title" className="font-semibold">
          Demo credit union
        </h2>
        <span className="ml-auto rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold tracking-wide uppercase">
          Demo only
        </span>
      </div>
      {awaitingCode ? (
        <>
          <p className="mt-2 text-sm">
            No real e-mail is sent in this demo: your sign-in code is waiting in the dev mailbox.
          </p>
          <MailboxLink className={buttonClass('outline', 'sm', 'mt-3 border-amber-300')}>
            <Inbox className="h-4 w-4" aria-hidden="true" />
            Open the dev mailbox
          </MailboxLink>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm">
            Try the portal as one of these made-up people. The 6-digit sign-in code is e-mailed, and in this demo every
            e-mail lands in the{' '}
            <MailboxLink className="inline-flex items-center gap-1 font-semibold underline underline-offset-2">
              dev mailbox
            </MailboxLink>
            .
          </p>
          <ul className="mt-4 space-y-2">
            {signIns.map((signIn) => (
              <li key={signIn.email} className="rounded-xl bg-white/80 p-3 text-sm">
                <div className="flex items-center justify-between gap-3">
                  <p className="font-semibold">{signIn.label}</p>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onFill(signIn)}
                    className="shrink-0"
                    aria-label={`Use this sign-in: ${signIn.label}`}
                  >
                    Use this sign-in
                  </Button>
                </div>
                <p className="mt-1 font-mono text-xs [overflow-wrap:anywhere] text-slate-700">
                  <span className="sr-only">Email: </span>
                  {signIn.email}
                </p>
                <p className="font-mono text-xs text-slate-700">
                  <span className="sr-only">Password: </span>
                  {signIn.password}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
