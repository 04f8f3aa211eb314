import { homePathFor, type SessionUser } from '@mutual/shared';
import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { textLinkClass } from './auth-shell';
import { SignOutButton } from './sign-out-button';

const homeNames: Record<string, string> = {
  '/admin': 'Go to the staff console',
  '/dashboard': 'Go to your dashboard',
  '/pending-approval': 'See your application',
};

/** Someone already signed in opened the sign-in page: say so, and offer the way home or out. */
export function SignedInNotice({ user, onSignOut }: { user: SessionUser; onSignOut: () => Promise<void> }) {
  const home = homePathFor(user);
  return (
    <div
      className={
        'flex flex-col gap-3 rounded-2xl border border-sky-200 bg-sky-50 ' +
        'p-4 text-sm text-sky-950 sm:flex-row sm:items-center'
      }
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <UserRound className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0">
          <p>
            You are signed in as <strong className="[overflow-wrap:anywhere]">{user.email}</strong>.
          </p>
          <Link to={home} className={textLinkClass}>
            {homeNames[home] ?? 'Continue'}
          </Link>
        </div>
      </div>
      <SignOutButton onSignOut={onSignOut} size="sm" className="shrink-0 self-start sm:self-auto" />
    </div>
  );
}
