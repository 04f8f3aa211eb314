import { type ContactInboxItem, messages } from '@mutual/shared';
import { Check, ChevronDown, Mail, Phone } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useId, useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { LoadError, Skeleton } from '../../components/query-state';
import { Tabs } from '../../components/tabs';
import { errorMessage } from '../../lib/api-errors';
import { rowControl, rowLanding, useFocusLanding } from '../../lib/focus-landing';
import { formatDateTime } from '../../lib/format-date';
import { type InboxTab, useInbox, useMarkHandled } from './contact-inbox-api';
import { NewestOfNote } from './list-parts';

const triggerClass = 'flex w-full items-center justify-between gap-3 rounded-2xl px-4 py-4 text-left sm:px-5';
const handledClass =
  'inline-flex items-center gap-1.5 self-start rounded-full bg-green-50 px-2.5 py-1 text-xs font-semibold ' +
  'text-green-800';

const tabs: readonly { value: InboxTab; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
];

/**
 * Messages visitors sent through the public contact form, for staff: open ones first, each with
 * what is needed to reply, and a button to mark it handled (recorded with who and when). A message
 * marked handled leaves the open ones, its button with it: the focus goes where `rowLanding` says,
 * the empty list's message when none is left.
 */
export function ContactInboxPanel() {
  const [open, setOpen] = useState(true);
  const [tab, setTab] = useState<InboxTab>('open');
  const inbox = useInbox(tab);
  const counts = inbox.data?.counts;

  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="mt-8 rounded-2xl border border-slate-200 bg-white">
      <h2>
        <Collapsible.Trigger className={triggerClass}>
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-xl font-bold tracking-tight text-slate-900">Member messages</span>
            {counts && counts.open > 0 && (
              <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
                {counts.open} open
              </span>
            )}
          </span>
          <ChevronDown
            className={`h-5 w-5 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
            aria-hidden="true"
          />
        </Collapsible.Trigger>
      </h2>
      <Collapsible.Content className="border-t border-slate-200 px-4 pt-4 pb-5 sm:px-5">
        <Tabs
          tabs={tabs.map(({ value, label }) => ({ value, label, count: counts ? counts[value] : null }))}
          label="Filter messages"
          value={tab}
          onValueChange={setTab}
          listClassName="flex sm:inline-flex"
        >
          {(value) =>
            inbox.isPending || inbox.otherTab ? (
              <Skeleton label="Loading messages…" className="h-24" />
            ) : inbox.isError && !inbox.data ? (
              <LoadError
                error={inbox.error}
                fallback={messages.contact.inboxLoadFailed}
                onRetry={() => void inbox.refetch()}
              />
            ) : inbox.data ? (
              <MessageList
                items={inbox.data.messages}
                total={inbox.data.counts[value]}
                busy={inbox.isFetching}
                status={value}
              />
            ) : null
          }
        </Tabs>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

function MessageList({
  items,
  total,
  busy,
  status,
}: {
  items: ContactInboxItem[];
  total: number;
  busy: boolean;
  status: InboxTab;
}) {
  const land = useFocusLanding();
  const emptyId = useId();
  if (items.length === 0) {
    return (
      <p id={emptyId} className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        {status === 'open' ? 'No open messages. You are all caught up.' : 'No handled messages yet.'}
      </p>
    );
  }
  return (
    <div aria-busy={busy} className={busy ? 'opacity-70 transition-opacity' : 'transition-opacity'}>
      <NewestOfNote shown={items.length} total={total} />
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.id}>
            <MessageCard
              item={item}
              onLeave={(control) => land(rowLanding(control, () => document.getElementById(emptyId)))}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `onLeave(control)`: the message was marked handled with `control`, and leaves the open ones. */
function MessageCard({ item, onLeave }: { item: ContactInboxItem; onLeave: (control: HTMLElement) => void }) {
  const markHandled = useMarkHandled(item.id);
  const headingId = `contact-message-${item.id}`;

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {item.subjectLabel} <span className="font-normal text-slate-500">from</span> {item.name}
          </h3>
          <p className="mt-0.5 text-sm text-slate-500">
            <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          </p>
        </div>
        {item.handledAt ? (
          <p className={handledClass}>
            <Check className="h-3.5 w-3.5" aria-hidden="true" />
            Handled {formatDateTime(item.handledAt)}
            {item.handledBy ? ` by ${item.handledBy}` : ''}
          </p>
        ) : (
          <Button
            icon={Check}
            variant="outline"
            size="sm"
            className="self-start"
            busy={markHandled.isPending}
            onClick={(event) => {
              const control = event.currentTarget;
              // Its answer comes once the list is read again, this card gone from it (a refusal
              // shows on the card, from the mutation's state).
              void markHandled.mutateAsync().then(
                () => onLeave(control),
                () => undefined,
              );
            }}
            {...rowControl('mark-handled')}
          >
            {markHandled.isPending ? 'Marking…' : 'Mark as handled'}
          </Button>
        )}
      </div>

      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">E-mail</dt>
          <dd className="truncate">
            <a
              href={`mailto:${item.email}`}
              className="inline-flex max-w-full items-center gap-1.5 text-brand underline-offset-2 hover:underline"
            >
              <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{item.email}</span>
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Phone</dt>
          <dd>
            {item.phone ? (
              <a
                href={`tel:${item.phone.replace(/[^+\d]/g, '')}`}
                className="inline-flex items-center gap-1.5 text-brand underline-offset-2 hover:underline"
              >
                <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
                {item.phone}
              </a>
            ) : (
              <span className="text-slate-500">Not given</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Preferred contact</dt>
          <dd className="text-slate-900">{item.preferredContact === 'phone' ? 'Phone' : 'E-mail'}</dd>
        </div>
      </dl>

      <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-800">
        {item.message}
      </p>

      {markHandled.isError && (
        <Alert tone="error" className="mt-3">
          {errorMessage(markHandled.error, messages.contact.markHandledFailed)}
        </Alert>
      )}
    </article>
  );
}
