import { dateTimeFormat } from '../../lib/format-date';
import type { DevMail } from './use-dev-mailbox';

export const formatMailTime = (iso: string) =>
  dateTimeFormat({ dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

/** The inbox column: one row per message, newest first. */
export function MailList({
  messages,
  selectedId,
  onSelect,
}: {
  messages: DevMail[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}) {
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
      {messages.map((mail) => {
        const selected = mail.id === selectedId;
        return (
          <li key={mail.id}>
            <button
              type="button"
              data-testid="mail-item"
              aria-pressed={selected}
              onClick={() => onSelect(mail.id)}
              className={`block w-full px-4 py-3 text-left transition-colors ${
                selected ? 'bg-brand-soft' : 'hover:bg-slate-50'
              }`}
            >
              <span className="block truncate text-sm font-semibold text-slate-900">{mail.subject}</span>
              <span className="mt-0.5 block truncate text-sm text-slate-700">To: {mail.to}</span>
              <span className="mt-0.5 block text-xs text-slate-600">
                <time dateTime={mail.createdAt}>{formatMailTime(mail.createdAt)}</time>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
