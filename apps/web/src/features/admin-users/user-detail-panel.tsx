import { type UserDetail, messages } from '@mutual/shared';
import { ClipboardCheck, MousePointerClick } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { EmailText } from '../../components/email-text';
import { LoadError, Skeleton } from '../../components/query-state';
import { genericFailure, useUserDetail } from './admin-api';
import { AccountsSection, InfoRequestsSection, ReviewHistorySection, SecuritySection } from './account-sections';
import { ActivityLog } from './activity-log';
import { JointBadge, StaffBadge, StatusBadge, VerificationBadge } from './badges';
import { formatDate } from '../../lib/format-date';
import { HoldSection } from './hold-section';
import { OtpPanel } from './otp-panel';
import { ProfileImageUpload } from './profile-image-upload';
import { IdentityDocumentSection, JointHolderSection, ProfileSections } from './registration-details';
import type { ShowFlash } from './use-flash';
import { VerifyUserDialog } from './verify-user-dialog';
import { MemberTransactionsSection } from '../admin-money/member-transactions-section';
import { MemberStatementsSection } from '../statements/member-statements-section';
import { DetailTitle } from './detail-parts';

/**
 * Two columns of sections once the detail is 42rem wide (a desktop's detail column from 1280 px, a
 * tablet's full width); one, in reading order, on a phone. Each column stacks on its own, so a
 * long section on one side leaves no gap on the other.
 */
const sideBySideClass = 'grid items-start gap-4 @2xl:grid-cols-2';
const columnClass = 'min-w-0 space-y-4';

/**
 * The right-hand (or lower) column: everything about the selected member. Where it is wide, the
 * profile sits beside the accounts, hold, joint holder and ID document; the transactions, the
 * statements and the activity log take the full width.
 */
export function UserDetailPanel({
  userId,
  showOtps,
  onFlash,
}: {
  userId: string | null;
  showOtps: boolean;
  onFlash: ShowFlash;
}) {
  const detail = useUserDetail(userId);

  if (!userId) {
    return (
      <div className="space-y-4">
        <div id="otp-panel-region">{showOtps && <Alert tone="info">{messages.admin.selectUserFirst}</Alert>}</div>
        <div className="hidden rounded-2xl border border-dashed border-slate-300 p-10 text-center lg:block">
          <MousePointerClick className="mx-auto h-8 w-8 text-slate-500" aria-hidden="true" />
          <p className="mt-3 font-medium text-slate-900">No user selected</p>
          <p className="mt-1 text-sm text-slate-600">Choose someone from the list, or look them up by e-mail.</p>
        </div>
      </div>
    );
  }
  if (detail.isPending) return <Skeleton label="Loading user…" />;
  if (detail.isError) {
    return <LoadError error={detail.error} fallback={genericFailure} onRetry={() => void detail.refetch()} />;
  }
  // Keyed by member: nothing typed or shown for one person (new backup codes!) survives a switch.
  return <UserDetailView key={detail.data.id} user={detail.data} showOtps={showOtps} onFlash={onFlash} />;
}

function UserDetailView({ user, showOtps, onFlash }: { user: UserDetail; showOtps: boolean; onFlash: ShowFlash }) {
  const [verifying, setVerifying] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const lastStatus = useRef(user.status);
  // Once a decision lands the Verify User button is gone: put focus on the member, not the page body.
  useEffect(() => {
    if (lastStatus.current === 'pending' && user.status !== 'pending') heading.current?.focus();
    lastStatus.current = user.status;
  }, [user.status]);

  return (
    <article aria-labelledby="user-detail-name" className="@container space-y-4">
      <header className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-3">
            <div className="min-w-0">
              <DetailTitle id="user-detail-name" ref={heading}>
                {user.name}
              </DetailTitle>
              <p className="text-sm break-words text-slate-600">
                <EmailText email={user.email} />
              </p>
            </div>
            <p className="flex flex-wrap items-center gap-1.5">
              <StatusBadge user={user} />
              <VerificationBadge status={user.verificationStatus} />
              {user.isJointAccount && <JointBadge />}
              {user.role === 'admin' && <StaffBadge />}
              {/* A user staff created (spec §3 `createdBy`) never applied: who created them, and when. */}
              <span className="text-xs break-words text-slate-600">
                {user.createdBy ? (
                  <>
                    Created {formatDate(user.registrationDate)} by{' '}
                    {/* The address moves to a line of its own whole, rather than break at its "@". */}
                    <span className="inline-block max-w-full">
                      <EmailText email={user.createdBy} />
                    </span>
                  </>
                ) : (
                  `Registered ${formatDate(user.registrationDate)}`
                )}
              </span>
            </p>
          </div>
          {user.status === 'pending' && (
            <Button icon={ClipboardCheck} onClick={() => setVerifying(true)} className="shrink-0">
              Verify User
            </Button>
          )}
        </div>
        <div className="mt-4 border-t border-slate-200 pt-4">
          <ProfileImageUpload user={user} onFlash={onFlash} />
        </div>
      </header>

      <div id="otp-panel-region" className="scroll-mt-20">
        {showOtps && <OtpPanel user={user} onFlash={onFlash} />}
      </div>

      <InfoRequestsSection user={user} />
      {/* Who the person is beside their accounts and standing where the detail is wide enough. */}
      <div className={sideBySideClass} data-testid="detail-profile-and-accounts">
        <div className={columnClass}>
          <ProfileSections user={user} />
        </div>
        <div className={columnClass}>
          <AccountsSection user={user} />
          <HoldSection user={user} onFlash={onFlash} />
          <JointHolderSection user={user} />
          <IdentityDocumentSection user={user} />
        </div>
      </div>
      <MemberTransactionsSection user={user} onFlash={onFlash} />
      <MemberStatementsSection user={user} onFlash={onFlash} />
      <div className={sideBySideClass} data-testid="detail-review-and-security">
        <ReviewHistorySection user={user} />
        <SecuritySection user={user} />
      </div>
      <ActivityLog userId={user.id} />

      <VerifyUserDialog user={user} open={verifying} onOpenChange={setVerifying} onFlash={onFlash} />
    </article>
  );
}
