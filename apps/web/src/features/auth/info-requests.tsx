import { type ApplicationStatus, type InfoRequest, messages } from '@mutual/shared';
import { MessageSquareText, Paperclip } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Alert } from '../../components/alert';
import { formatDateTime } from '../../lib/format-date';
import { InfoResponseForm } from './info-response-form';

function RequestText({ request }: { request: InfoRequest }) {
  return (
    <div>
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
        Requested <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
      </p>
      <p className="mt-1 whitespace-pre-line text-slate-900">{request.requestDetails}</p>
    </div>
  );
}

/**
 * Staff's questions about the application. The API takes one answer for whatever is still open
 * (it has no per-request id), so open requests are listed together above a single answer form.
 */
export function InfoRequests({
  requests,
  sent,
  onSent,
}: {
  requests: InfoRequest[];
  /** Set once an answer has gone, so the thank-you survives the form disappearing. */
  sent: boolean;
  onSent: (status: ApplicationStatus) => void;
}) {
  const open = requests.filter((request) => request.status === 'pending');
  const answered = requests.filter((request) => request.status === 'answered');
  const answeredHeading = useRef<HTMLHeadingElement>(null);
  // The form and its Send button are gone once the answer is sent: the focus goes on to the answers.
  useEffect(() => {
    if (sent) answeredHeading.current?.focus();
  }, [sent]);
  if (requests.length === 0) return null;

  return (
    <section aria-labelledby="info-requests-title" className="space-y-5">
      {sent && <Alert tone="success">{messages.application.responseSent}</Alert>}
      {open.length > 0 && (
        <div className="rounded-2xl border border-amber-200 bg-amber-50/60 p-5 sm:p-6">
          <h2 id="info-requests-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <MessageSquareText className="h-5 w-5 text-amber-700" aria-hidden="true" />
            We need a little more information
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Our team has a question about your application. Your answer goes straight to them.
          </p>
          <ul className="mt-4 space-y-3">
            {open.map((request) => (
              <li key={request.id} className="rounded-xl border border-amber-200 bg-white p-4">
                <RequestText request={request} />
              </li>
            ))}
          </ul>
          <div className="mt-5">
            {/* Keyed by the open requests, so a new request starts with an empty form. */}
            <InfoResponseForm key={open.map((request) => request.id).join()} onSent={onSent} />
          </div>
        </div>
      )}
      {answered.length > 0 && (
        <div>
          <h2
            ref={answeredHeading}
            id={open.length > 0 ? undefined : 'info-requests-title'}
            tabIndex={-1}
            className="text-base font-semibold text-slate-900 focus:outline-none"
          >
            {open.length > 0 ? 'Earlier questions' : 'Your answers to our questions'}
          </h2>
          <ul className="mt-3 space-y-3">
            {answered.map((request) => (
              <li key={request.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <RequestText request={request} />
                <div className="mt-3 border-l-2 border-brand pl-3">
                  <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                    You answered
                    {request.respondedAt && (
                      <>
                        {' '}
                        <time dateTime={request.respondedAt}>{formatDateTime(request.respondedAt)}</time>
                      </>
                    )}
                  </p>
                  <p className="mt-1 whitespace-pre-line text-slate-800">{request.response}</p>
                  {request.hasDocument && (
                    <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-slate-600">
                      <Paperclip className="h-4 w-4" aria-hidden="true" />
                      Document attached
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
