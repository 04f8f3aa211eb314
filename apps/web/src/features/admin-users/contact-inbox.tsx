import { type ContactInbox, type ContactInboxItem, messages } from '@mutual/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ChevronDown, Mail, Phone, RefreshCw } from 'lucide-react';
import { Collapsible, Tabs } from 'radix-ui';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';

type InboxTab = 'open' | 'handled';
const tabs: { value: InboxTab; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
];

const inboxKeys = {
  all: ['contact-inbox'] as const,
  list: (status: InboxTab) => ['contact-inbox', status] as const,
};

function useInbox(status: InboxTab) {
  return useQuery({
    queryKey: inboxKeys.list(status),
    queryFn: () => api<ContactInbox>(`/api/admin/contact-messages?status=${status}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * Messages visitors sent through the public contact form, for staff: open ones first, each with
 * what is needed to reply, and a button to mark it handled (recorded with who and when).
 */
export function ContactInboxPanel() {
  const [open, setOpen] = useState(true);
  const [tab, setTab] = useState<InboxTab>('open');
  const inbox = useInbox(tab);
  const counts = inbox.data?.counts;

  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="mt-8 rounded-2xl border border-slate-200 bg-white">
      <h2>
        <Collapsible.Trigger className="flex w-full items-center justify-between gap-3 rounded-2xl px-4 py-4 text-left sm:px-5">
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
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as InboxTab)}>
          <Tabs.List aria-label="Filter messages" className="flex gap-1 rounded-xl bg-slate-100 p-1 sm:inline-flex">
            {tabs.map(({ value, label }) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="flex flex-1 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand data-[state=active]:shadow-sm"
              >
                {label}
                <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800 tabular-nums">
                  {counts ? counts[value] : '–'}
                </span>
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map(({ value }) => (
            <Tabs.Content key={value} value={value} className="mt-4 focus-visible:outline-offset-4">
              {inbox.isPending ? (
                <p role="status" className="rounded-2xl border border-slate-200 p-8 text-center text-slate-600">
                  Loading messages…
                </p>
              ) : inbox.isError && !inbox.data ? (
                <Alert tone="error" title={messages.contact.inboxLoadFailed}>
                  {errorMessage(inbox.error, '')}
                  <Button variant="outline" size="sm" className="mt-2" onClick={() => void inbox.refetch()}>
                    <RefreshCw className="h-4 w-4" aria-hidden="true" />
                    Try again
                  </Button>
                </Alert>
              ) : inbox.data ? (
                <MessageList
                  items={inbox.data.messages}
                  total={inbox.data.counts[value]}
                  busy={inbox.isFetching}
                  status={value}
                />
              ) : null}
            </Tabs.Content>
          ))}
        </Tabs.Root>
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
  if (items.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        {status === 'open' ? 'No open messages. You are all caught up.' : 'No handled messages yet.'}
      </p>
    );
  }
  return (
    <div aria-busy={busy} className={busy ? 'opacity-70 transition-opacity' : 'transition-opacity'}>
      {items.length < total && (
        <p className="mb-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Showing the newest {items.length} of {total}.
        </p>
      )}
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.id}>
            <MessageCard item={item} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function MessageCard({ item }: { item: ContactInboxItem }) {
  const queryClient = useQueryClient();
  const markHandled = useMutation({
    mutationFn: () =>
      api<ContactInboxItem>(`/api/admin/contact-messages/${encodeURIComponent(item.id)}/handled`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
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
          <p className="inline-flex items-center gap-1.5 self-start rounded-full bg-green-50 px-2.5 py-1 text-xs font-semibold text-green-800">
            <Check className="h-3.5 w-3.5" aria-hidden="true" />
            Handled {formatDateTime(item.handledAt)}
            {item.handledBy ? ` by ${item.handledBy}` : ''}
          </p>
        ) : (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            disabled={markHandled.isPending}
            onClick={() => markHandled.mutate()}
          >
            <Check className="h-4 w-4" aria-hidden="true" />
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
