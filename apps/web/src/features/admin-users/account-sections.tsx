import {
  formatWireBalance,
  type InfoRequest,
  type UserDetail,
  verificationChecklist,
  verificationChecklistLabels,
} from '@mutual/shared';
import { Check, History, Landmark, MessageSquareText, Pencil, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { AccountEditDialog } from '../admin-money/account-edit-dialog';
import { DetailSection, EmptyNote, Field, FieldList } from './detail-parts';
import { decisionLabels } from './format';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { StoredFileView } from './registration-details';

export function AccountsSection({ user }: { user: UserDetail }) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = user.accounts.find((account) => account.id === editingId);
  return (
    <DetailSection id="detail-accounts" title="Accounts" icon={Landmark}>
      {user.accounts.length === 0 ? (
        <EmptyNote>No accounts yet. Checking and Savings open when the application is approved.</EmptyNote>
      ) : (
        // Two cards side by side where the section (not the window) is wide enough for them.
        <div className="@container">
          <ul className="grid gap-3 @md:grid-cols-2">
            {user.accounts.map((account) => (
              <li
                key={account.id}
                className="rounded-lg border border-slate-200 bg-slate-50 p-3.5"
                data-testid="staff-account-card"
              >
                <p className="flex items-baseline justify-between gap-2">
                  <span className="font-semibold text-slate-900">{account.type}</span>
                  <span className="text-lg font-semibold text-slate-900 tabular-nums">
                    {formatWireBalance(account.balance)}
                  </span>
                </p>
                {account.available !== account.balance && (
                  <p className="text-right text-xs text-slate-600">Available {formatWireBalance(account.available)}</p>
                )}
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-600">Account number</dt>
                  <dd className="font-mono text-slate-900">{account.accountNumber}</dd>
                  <dt className="text-slate-600">Routing number</dt>
                  <dd className="font-mono text-slate-900">{account.routingNumber}</dd>
                  <dt className="text-slate-600">Opened</dt>
                  <dd className="text-slate-900">{formatDate(account.createdAt)}</dd>
                </dl>
                <Button
                  icon={Pencil}
                  variant="outline"
                  size="sm"
                  className="mt-3 w-full"
                  onClick={() => setEditingId(account.id)}
                >
                  Edit<span className="sr-only"> {account.type} account</span>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {editing && (
        <AccountEditDialog
          userId={user.id}
          account={editing}
          open
          onOpenChange={(open) => !open && setEditingId(null)}
        />
      )}
    </DetailSection>
  );
}

const requestBadges: Record<InfoRequest['status'], { label: string; className: string }> = {
  pending: { label: 'Awaiting answer', className: 'bg-amber-100 text-amber-900' },
  answered: { label: 'Answered', className: 'bg-green-100 text-green-900' },
  // The application was decided while the request was open.
  closed: { label: 'Closed, not answered', className: 'bg-slate-100 text-slate-700' },
};

export function InfoRequestsSection({ user }: { user: UserDetail }) {
  if (user.infoRequests.length === 0) return null;
  return (
    <DetailSection id="detail-info-requests" title="Information Requests" icon={MessageSquareText}>
      <ol className="space-y-3">
        {user.infoRequests.map((request) => (
          <li key={request.id} className="rounded-lg border border-slate-200 p-3.5">
            <p className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
              <span>Requested {formatDateTime(request.createdAt)}</span>
              <span className={`rounded-full px-2 py-0.5 font-semibold ${requestBadges[request.status].className}`}>
                {requestBadges[request.status].label}
              </span>
            </p>
            <p className="mt-1.5 text-sm whitespace-pre-line text-slate-900">{request.requestDetails}</p>
            {request.response !== null && (
              <div className="mt-3 border-l-2 border-brand pl-3">
                <p className="text-xs font-medium text-slate-600">
                  Applicant’s answer{request.respondedAt ? `, ${formatDateTime(request.respondedAt)}` : ''}
                </p>
                <p className="mt-1 text-sm whitespace-pre-line text-slate-900">{request.response}</p>
              </div>
            )}
            {request.document && (
              <div className="mt-3">
                <StoredFileView
                  file={request.document}
                  label={`Document sent with the answer of ${formatDate(request.respondedAt)}`}
                />
              </div>
            )}
          </li>
        ))}
      </ol>
    </DetailSection>
  );
}

export function ReviewHistorySection({ user }: { user: UserDetail }) {
  return (
    <DetailSection id="detail-reviews" title="Review History" icon={History}>
      {user.reviews.length === 0 ? (
        <EmptyNote>No decisions yet.</EmptyNote>
      ) : (
        <ol className="space-y-3">
          {user.reviews.map((review) => (
            <li key={review.id} className="rounded-lg border border-slate-200 p-3.5">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <span className="font-semibold text-slate-900">{decisionLabels[review.decision]}</span>
                <span className="text-xs text-slate-600">
                  {review.reviewedBy} · {formatDateTime(review.createdAt)}
                </span>
              </p>
              {review.reason && <p className="mt-1.5 text-sm whitespace-pre-line text-slate-800">{review.reason}</p>}
              {review.checklist && (
                <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label="Checklist">
                  {verificationChecklist.map((item) => {
                    const done = review.checklist?.[item] ?? false;
                    return (
                      <li
                        key={item}
                        className={`flex items-center gap-1 ${done ? 'text-green-800' : 'text-slate-500'}`}
                      >
                        {done ? (
                          <Check className="h-3.5 w-3.5" aria-hidden="true" />
                        ) : (
                          <X className="h-3.5 w-3.5" aria-hidden="true" />
                        )}
                        {verificationChecklistLabels[item]}
                        <span className="sr-only">{done ? ': yes' : ': no'}</span>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      {(user.approvedAt || user.rejectedAt || user.createdBy) && (
        <div className="mt-4 border-t border-slate-200 pt-3">
          <FieldList>
            {user.approvedAt && <Field label="Approved">{formatDateTime(user.approvedAt)}</Field>}
            {user.rejectedAt && <Field label="Rejected">{formatDateTime(user.rejectedAt)}</Field>}
            {user.rejectionReason && <Field label="Rejection reason">{user.rejectionReason}</Field>}
            {user.createdBy && <Field label="Created by">{user.createdBy}</Field>}
          </FieldList>
        </div>
      )}
    </DetailSection>
  );
}

export function SecuritySection({ user }: { user: UserDetail }) {
  const { security: s } = user;
  return (
    <DetailSection id="detail-security" title="Security" icon={ShieldCheck}>
      <FieldList>
        <Field label="Authenticator app">{s.totpEnabled ? 'On' : 'Off (codes are e-mailed)'}</Field>
        <Field label="Backup codes">
          {s.backupCodes.total === 0
            ? 'None issued'
            : `${s.backupCodes.remaining} remaining, ${s.backupCodes.used} used`}
        </Field>
        <Field label="Locked until">{s.lockedUntil ? formatDateTime(s.lockedUntil) : 'Not locked'}</Field>
        <Field label="Active sessions">{s.activeSessions}</Field>
      </FieldList>
    </DetailSection>
  );
}
