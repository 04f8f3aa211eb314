import { type UserDetail, messages } from '@mutual/shared';
import { Check, Copy, KeyRound, RotateCcw, ShieldOff, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Button, CancelActions } from '../../components/button';
import { TermList } from '../../components/term-list';
import { useSessionQuery } from '../session/session-api';
import { type OtpAction, genericFailure, useBackupCodeStatus, useOtpAction } from './admin-api';
import { useCopy } from '../../lib/use-copy';
import { DetailSection } from './detail-parts';
import type { ShowFlash } from './use-flash';
import { errorMessage } from '../../lib/api-errors';
import { useFocusLanding } from '../../lib/focus-landing';

type Action = OtpAction;

const confirmations: Record<Action, { text: string; confirm: string; busy: string }> = {
  issue: {
    text: 'Only hand these to the member after checking their identity. Any unused codes stop working.',
    confirm: 'Issue codes',
    busy: 'Issuing...',
  },
  revoke: {
    text:
      'Every unused backup code stops working. ' + 'The member can still sign in with e-mailed or authenticator codes.',
    confirm: 'Revoke codes',
    busy: 'Revoking...',
  },
  totp: {
    text:
      'The member’s authenticator app stops working for this account. ' +
      'Sign-in codes will be e-mailed until they enrol again.',
    confirm: 'Reset authenticator',
    busy: 'Resetting...',
  },
};

/**
 * "Manage OTPs" (decisions.md): backup codes and the authenticator for one member. New codes are
 * shown here once; the server keeps only their hashes. The confirmation goes with the button
 * pressed in it: the focus lands on the panel's heading once the action is done, or back on the
 * button that asked when cancelled.
 */
export function OtpPanel({ user, onFlash }: { user: UserDetail; onFlash: ShowFlash }) {
  const status = useBackupCodeStatus(user.id);
  // As the server rules: not one's own codes (Account Settings asks for the password), and never
  // another staff member's codes shown here.
  const own = useSessionQuery().data?.user?.id === user.id;
  const mayIssue = !own && user.role !== 'admin';
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [issued, setIssued] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const land = useFocusLanding();
  /** The button that asks for `action`: where the focus goes back to when it is cancelled. */
  const ask = (action: Action) => ({ id: `otp-ask-${action}`, onClick: () => setConfirming(action) });

  // The console is refreshed after each action, whatever the answer.
  const act = useOtpAction(user.id, {
    onMutate: () => setFailure(null),
    onSuccess: (result, action) => {
      setConfirming(null);
      land(() => document.getElementById('otp-panel-title'));
      if (action === 'issue' && result.codes) setIssued(result.codes);
      if (action === 'revoke') setIssued(null);
      const fallback = {
        issue: messages.admin.backupCodesIssued,
        revoke: messages.admin.backupCodesRevoked,
        totp: messages.admin.totpReset,
      }[action];
      onFlash('success', result.message || fallback);
    },
    onError: (error) => setFailure(errorMessage(error, genericFailure)),
  });

  const counts = status.data ?? user.security.backupCodes;
  const busy = act.isPending;

  return (
    <DetailSection id="otp-panel-title" title="Manage OTPs" icon={KeyRound}>
      <div className="space-y-4">
        <TermList
          rows={[
            ['Remaining', counts.remaining],
            ['Used', counts.used],
            ['Issued', counts.total],
          ]}
          className="grid grid-cols-3 gap-2 text-center"
          rowClassName="rounded-lg bg-slate-50 px-2 py-2.5"
          termClassName="text-xs font-medium text-slate-600"
          valueClassName="text-xl font-semibold text-slate-900 tabular-nums"
        />
        <p className="text-sm text-slate-700">
          Authenticator app: <strong>{user.security.totpEnabled ? 'enrolled' : 'not enrolled'}</strong>
          {status.isError && <span className="block text-red-700">{errorMessage(status.error, genericFailure)}</span>}
        </p>

        {issued && <IssuedCodes codes={issued} onHide={() => setIssued(null)} />}

        {own ? (
          <p className="text-sm text-slate-700">{messages.admin.ownCodesInSettings}</p>
        ) : confirming ? (
          <div
            className="rounded-xl border border-amber-300 bg-amber-50 p-4"
            role="group"
            aria-labelledby="otp-confirm-text"
          >
            <p id="otp-confirm-text" className="flex gap-2 text-sm text-amber-950">
              <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              {confirmations[confirming].text}
            </p>
            <CancelActions
              onCancel={() => {
                land(() => document.getElementById(`otp-ask-${confirming}`));
                setConfirming(null);
              }}
              size="sm"
              disabled={busy}
              className="mt-3"
            >
              <Button size="sm" onClick={() => act.mutate(confirming)} busy={busy} autoFocus>
                {busy ? confirmations[confirming].busy : confirmations[confirming].confirm}
              </Button>
            </CancelActions>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            {mayIssue ? (
              <Button icon={RotateCcw} size="sm" {...ask('issue')}>
                Issue new backup codes
              </Button>
            ) : (
              <p className="w-full text-sm text-slate-700">{messages.admin.staffIssueOwnCodes}</p>
            )}
            <Button icon={ShieldOff} size="sm" variant="outline" {...ask('revoke')} disabled={counts.remaining === 0}>
              Revoke backup codes
            </Button>
            {user.security.totpEnabled && (
              <Button icon={ShieldOff} size="sm" variant="outline" {...ask('totp')}>
                Reset authenticator
              </Button>
            )}
          </div>
        )}

        {failure && <Alert tone="error">{failure}</Alert>}
      </div>
    </DetailSection>
  );
}

function IssuedCodes({ codes, onHide }: { codes: string[]; onHide: () => void }) {
  const { copied, failed, copy: copyText } = useCopy();
  const copy = () => void copyText('codes', codes.join('\n'));

  return (
    <div className="rounded-xl border border-green-300 bg-green-50 p-4">
      <p className="text-sm font-semibold text-green-950">New backup codes — shown only this once</p>
      <p className="mt-0.5 text-xs text-green-900">
        Each code works once. Hand them to the member in person or by a verified channel.
      </p>
      <ol
        className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1.5 font-mono text-sm text-slate-900"
        aria-label="Backup codes"
        data-testid="backup-codes"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-center tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" onClick={copy}>
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onHide}>
          Hide codes
        </Button>
        <span role="status" className="text-xs text-slate-700">
          {failed
            ? 'Copying failed. Select the codes and copy them by hand.'
            : copied
              ? 'Codes copied to the clipboard.'
              : ''}
        </span>
      </div>
    </div>
  );
}
