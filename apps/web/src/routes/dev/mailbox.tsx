import { Inbox } from 'lucide-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { DevPage } from './dev-page';
import { MailList } from '../../features/dev-mailbox/mail-list';
import { MailViewer } from '../../features/dev-mailbox/mail-viewer';
import { isMailboxUnavailable, useDevMailbox } from '../../features/dev-mailbox/use-dev-mailbox';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Development only: the e-mail the server would have sent, so flows can be followed end to end. */
export function DevMailboxPage() {
  useDocumentTitle('Dev mailbox');
  const mailbox = useDevMailbox();
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  const messages = mailbox.data?.messages ?? [];
  // Until something is picked (or if the picked mail is gone), show the newest.
  const selected = messages.find((mail) => mail.id === selectedId) ?? messages[0];
  const viewerHeading = useRef<HTMLHeadingElement>(null);

  // On a phone the message opens below the whole list, out of sight: bring it up and focus its
  // subject, so the person (and a screen reader) sees that it opened.
  const open = (id: string) => {
    flushSync(() => setSelectedId(id));
    viewerHeading.current?.scrollIntoView({ block: 'start' });
    viewerHeading.current?.focus({ preventScroll: true });
  };

  return (
    <DevPage
      title="Dev mailbox"
      more={
        ' No real e-mail is sent: every message the server would send lands here instead.' +
        ' The list refreshes every 5 seconds.'
      }
      query={mailbox}
      unavailable={isMailboxUnavailable(mailbox.error)}
      loadingText="Loading mail…"
      unavailableNotice={{
        title: 'The dev mailbox is not available',
        text:
          'It is only switched on outside production when no SMTP server is configured. ' +
          'Here, mail goes to a real mail server instead.',
      }}
      errorTitle="Could not load the mailbox"
    >
      {() =>
        messages.length === 0 || !selected ? (
          <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center">
            <Inbox className="mx-auto h-8 w-8 text-slate-500" aria-hidden="true" />
            <p className="mt-3 font-medium text-slate-900">No mail yet</p>
            <p className="mt-1 text-sm text-slate-600">Send a message from the contact form and it will appear here.</p>
          </div>
        ) : (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
            <section aria-label={`Messages (${messages.length})`}>
              <p className="mb-3 text-sm text-slate-600">
                {messages.length} {messages.length === 1 ? 'message' : 'messages'}, newest first
              </p>
              <MailList messages={messages} selectedId={selected.id} onSelect={open} />
            </section>
            <MailViewer mail={selected} headingRef={viewerHeading} />
          </div>
        )
      }
    </DevPage>
  );
}
