import { type Ref, useState } from 'react';
import { formatMailTime } from './mail-list';
import type { DevMail } from './use-dev-mailbox';

const views = [
  { value: 'html', label: 'HTML' },
  { value: 'text', label: 'Text' },
] as const;
type View = (typeof views)[number]['value'];

const headerClass = 'flex flex-col gap-4 border-b border-slate-200 p-5 sm:flex-row sm:items-start sm:justify-between';
const plainTextClass =
  'overflow-x-auto p-5 font-mono text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800';

/**
 * One message as the recipient would see it, or its plain-text part. `headingRef`: its subject,
 * which takes the focus when a message is opened.
 */
export function MailViewer({ mail, headingRef }: { mail: DevMail; headingRef?: Ref<HTMLHeadingElement> }) {
  const [view, setView] = useState<View>('html');
  const toggleClass = (active: boolean) =>
    `rounded-md px-3 py-1.5 text-sm font-medium transition-colors ${
      active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900'
    }`;

  return (
    <article aria-labelledby="mail-subject" className="min-w-0 rounded-2xl border border-slate-200 bg-white">
      <header className={headerClass}>
        <div className="min-w-0">
          <h2
            ref={headingRef}
            id="mail-subject"
            tabIndex={-1}
            className="scroll-mt-28 text-lg font-semibold break-words text-slate-900 focus:outline-none"
          >
            {mail.subject}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">To</dt>
            <dd className="[overflow-wrap:anywhere] text-slate-900">{mail.to}</dd>
            <dt className="text-slate-600">Sent</dt>
            <dd className="text-slate-900">
              <time dateTime={mail.createdAt}>{formatMailTime(mail.createdAt)}</time>
            </dd>
            <dt className="text-slate-600">Template</dt>
            <dd className="font-mono text-slate-900">{mail.template}</dd>
            {mail.attachments.length > 0 && (
              <>
                <dt className="text-slate-600">Attached</dt>
                <dd className="[overflow-wrap:anywhere] text-slate-900">
                  {mail.attachments
                    .map((file) => `${file.filename} (${Math.max(1, Math.round(file.sizeBytes / 1024))} KB)`)
                    .join(', ')}
                </dd>
              </>
            )}
          </dl>
        </div>
        <div
          role="group"
          aria-label="Message format"
          className="flex shrink-0 gap-1 self-start rounded-lg bg-slate-100 p-1"
        >
          {views.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              aria-pressed={view === value}
              className={toggleClass(view === value)}
              onClick={() => setView(value)}
            >
              {label}
            </button>
          ))}
        </div>
      </header>
      {view === 'html' ? (
        // sandbox="" grants nothing: no scripts, no forms, no same-origin access, no top navigation.
        <iframe
          sandbox=""
          srcDoc={mail.html}
          title={mail.subject}
          className="block h-[36rem] w-full rounded-b-2xl bg-slate-100"
        />
      ) : (
        <pre className={plainTextClass}>{mail.text}</pre>
      )}
    </article>
  );
}
