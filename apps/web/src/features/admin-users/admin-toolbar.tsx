import { type UserSummary, messages } from '@mutual/shared';
import {
  ArrowLeftRight,
  CalendarClock,
  KeyRound,
  Landmark,
  ScanLine,
  ScrollText,
  Search,
  UserPlus,
} from 'lucide-react';
import { Link } from 'react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { FieldError, controlClass } from '../../components/form-field';
import { ApiRequestError } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';
import { useLookupUser } from './admin-api';

const SEARCH_DEBOUNCE_MS = 300;

/** Heading actions: Create New User and the Manage OTPs toggle. */
export function ConsoleActions({
  showOtps,
  onToggleOtps,
  onCreate,
}: {
  showOtps: boolean;
  onToggleOtps: () => void;
  onCreate: () => void;
}) {
  return (
    <div className="grid gap-2 sm:flex">
      <Button icon={UserPlus} onClick={onCreate}>
        Create New User
      </Button>
      <Button
        icon={KeyRound}
        variant="outline"
        aria-pressed={showOtps}
        aria-controls="otp-panel-region"
        onClick={onToggleOtps}
        className={showOtps ? 'border-brand! bg-brand-soft! text-brand!' : ''}
      >
        Manage OTPs
      </Button>
    </div>
  );
}

const consoleLink =
  'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium ' +
  'text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

const staffScreens = [
  { to: '/admin/reset-transfers', label: 'Reset Transfer Counts', Icon: ArrowLeftRight },
  { to: '/admin/payments', label: 'Payment Operations', Icon: Landmark },
  { to: '/admin/deposits', label: 'Deposit Review', Icon: ScanLine },
  { to: '/admin/audit', label: 'Audit Log', Icon: ScrollText },
  { to: '/admin/scheduled-work', label: 'Scheduled Work', Icon: CalendarClock },
] as const;

/** The other staff screens: transfer limits, payment operations, deposit review, the audit log and scheduled work. */
export function ConsoleLinks() {
  return (
    <nav aria-label="Staff screens" className="flex flex-wrap gap-2">
      {staffScreens.map(({ to, label, Icon }) => (
        <Link key={to} to={to} className={consoleLink}>
          <Icon className="h-4 w-4 text-brand" aria-hidden="true" />
          {label}
        </Link>
      ))}
    </nav>
  );
}

/** Search by name or e-mail; the list follows as the person stops typing. */
export function UserSearch({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const change = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => onSearch(value.trim()), SEARCH_DEBOUNCE_MS);
  };

  return (
    <div className="min-w-0 flex-1">
      <label htmlFor="admin-user-search" className="mb-1.5 block text-sm font-medium text-slate-800">
        Search users
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          id="admin-user-search"
          type="search"
          value={text}
          onChange={(event) => change(event.target.value)}
          placeholder="Name or e-mail"
          maxLength={254}
          autoComplete="off"
          className={`${controlClass(false)} pl-9`}
        />
      </div>
    </div>
  );
}

/** Look a member up by exact e-mail and open them, wherever the list filter stands. */
export function EmailLookup({ onFound }: { onFound: (user: UserSummary) => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lookup = useLookupUser();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    setError(null);
    if (!value) {
      setError(messages.registration.emailInvalid);
      return;
    }
    lookup.mutate(value, {
      // The address stays in the field, as typed: it names the member now open.
      onSuccess: (user) => onFound(user),
      onError: (failure) =>
        setError(
          failure instanceof ApiRequestError && failure.status === 404
            ? messages.admin.userNotFound
            : errorMessage(failure, messages.admin.userNotFound),
        ),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="min-w-0 flex-1" aria-label="Look up a user by e-mail">
      <label htmlFor="admin-user-lookup" className="mb-1.5 block text-sm font-medium text-slate-800">
        Look up by e-mail
      </label>
      <div className="flex gap-2">
        <input
          id="admin-user-lookup"
          type="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
          placeholder="member@example.com"
          maxLength={254}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'admin-user-lookup-error' : undefined}
          className={`${controlClass(Boolean(error))} min-w-0`}
        />
        <Button type="submit" variant="outline" busy={lookup.isPending} className="shrink-0">
          {lookup.isPending ? 'Looking up...' : 'Look up'}
        </Button>
      </div>
      <FieldError id="admin-user-lookup" error={error ?? undefined} />
    </form>
  );
}
