import type { AuditEntry } from '@mutual/shared';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { EmailText } from '../../components/email-text';
import { dateTimeFormat } from '../../lib/format-date';
import { reasonKeyOf, summariseChanges } from './audit-changes';

/** "Mar 14, 2026, 11:30:05 PM EDT": the credit union's clock, which the date filters count by. */
export function formatAuditTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat({ dateStyle: 'medium', timeStyle: 'long' }, timeZone).format(date);
}

export function AuditWhen({ at, timeZone, wrap = false }: { at: string; timeZone: string; wrap?: boolean }) {
  return (
    <time dateTime={at} className={wrap ? undefined : 'whitespace-nowrap'}>
      {formatAuditTime(at, timeZone)}
    </time>
  );
}

/**
 * A dotted code or address ("registration.info_requested", "203.0.113.7") that, in a narrow
 * column, wraps after a dot rather than mid-word. Give its box `break-words`, so only a part too
 * long for any line is cut.
 */
export function DottedText({ text }: { text: string }) {
  return text.split('.').map((part, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <>
          .<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
}

/** An e-mail in a change list wraps at its "@", as everywhere else; any other value as it comes. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value);
function ChangeValue({ value }: { value: string }) {
  return looksLikeEmail(value) ? <EmailText email={value} /> : value;
}

export function AuditAction({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <span className="font-medium text-slate-900">{entry.label}</span>
      <span className="block font-mono text-xs break-words text-slate-600">
        <DottedText text={entry.action} />
      </span>
    </>
  );
}

/** Who acted: an e-mail, "System", or "Not signed in" (a failed sign-in, a reset request). */
export function auditActorText(entry: AuditEntry): string {
  if (entry.actorEmail === 'system' && !entry.actorUserId) return 'System';
  return entry.actorEmail ?? 'Not signed in';
}

export function AuditActor({ entry }: { entry: AuditEntry }) {
  return <EmailText email={auditActorText(entry)} />;
}

export function AuditMember({ entry }: { entry: AuditEntry }) {
  const target = entry.target;
  if (!target) return <span className="text-slate-500">—</span>;
  return (
    <Link
      to={`/admin?user=${encodeURIComponent(target.id)}`}
      className="group block min-w-0 font-medium text-brand hover:underline"
    >
      <span className="break-words">{target.name || target.email}</span>
      {target.name && (
        <span className="block text-xs font-normal break-words text-slate-600 group-hover:underline">
          <EmailText email={target.email} />
        </span>
      )}
    </Link>
  );
}

/** The address, with the browser it came from one click (or a hover) away. */
export function AuditOrigin({ entry }: { entry: AuditEntry }) {
  if (!entry.ipAddress && !entry.userAgent) return <span className="text-slate-500">—</span>;
  if (!entry.userAgent) {
    return (
      <span className="font-mono text-xs break-words">
        <DottedText text={entry.ipAddress ?? ''} />
      </span>
    );
  }
  return (
    <details className="group text-xs" title={entry.userAgent}>
      <summary className="cursor-pointer font-mono break-words text-slate-800 marker:text-slate-500">
        {entry.ipAddress ? <DottedText text={entry.ipAddress} /> : 'No address'}
      </summary>
      <p className="mt-1 break-words text-slate-600">
        <span className="sr-only">Browser: </span>
        {entry.userAgent}
      </p>
    </details>
  );
}

/** The reason on its own line, then only what changed ("Balance: $0.00 → $120.00"). */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { changes, context, summarised } = summariseChanges(
    entry.before,
    entry.after,
    reasonKeyOf(entry.after),
    entry.names,
  );
  if (!entry.reason && changes.length === 0 && context.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <div className="min-w-0 space-y-1 text-sm">
      {entry.reason && (
        <p className="break-words" data-testid="audit-reason">
          <span className="font-medium text-slate-700">Reason: </span>
          <span className="text-slate-900">{entry.reason}</span>
        </p>
      )}
      {context.length > 0 && (
        <p className="text-xs text-slate-600">
          {context.map((field) => `${field.label}: ${field.to ?? field.from ?? ''}`).join(' · ')}
        </p>
      )}
      {changes.length > 0 && (
        <dl className="space-y-0.5" data-testid="audit-changes">
          {changes.map((change) => (
            <div key={change.key} className="break-words">
              <dt className="inline font-medium text-slate-700">{change.label}: </dt>
              <dd className="inline">
                {change.from !== null && change.to !== null ? (
                  <>
                    <span className="text-slate-600">
                      <ChangeValue value={change.from} />
                    </span>
                    <span aria-hidden="true" className="px-1 text-slate-500">
                      →
                    </span>
                    <span className="sr-only"> changed to </span>
                    <span className="font-medium text-slate-900">
                      <ChangeValue value={change.to} />
                    </span>
                  </>
                ) : (
                  <span className="text-slate-900">
                    <ChangeValue value={change.to ?? change.from ?? ''} />
                    {change.to === null && ' (removed)'}
                  </span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {summarised && (
        <details className="text-xs">
          <summary className="cursor-pointer font-medium text-brand">Full record</summary>
          <pre
            tabIndex={0}
            aria-label="Full record, before and after"
            className="mt-1 max-h-64 overflow-auto rounded-md bg-slate-50 p-2 whitespace-pre-wrap text-slate-800"
          >
            {JSON.stringify({ before: entry.before ?? null, after: entry.after ?? null }, null, 2)}
          </pre>
        </details>
      )}
    </div>
  );
}
