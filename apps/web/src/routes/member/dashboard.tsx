import { type AccountSummary, type SessionUser, formatWireMoney } from '@mutual/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Check, Copy, Landmark, PiggyBank, Users, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Button, buttonClass } from '../../components/button';
import { Container } from '../../components/layout';
import { useNow } from '../../features/navigation/use-now';
import { useCopy } from '../../lib/use-copy';
import { useSession } from '../../features/session/session-context';
import { ApiRequestError, api } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';

export const accountsQueryKey = ['me', 'accounts'] as const;

const dateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useSession();
  if (!user) return null;
  return (
    <Container className="space-y-8 py-8 sm:py-10">
      <WelcomeHeader user={user} />
      <Accounts user={user} />
    </Container>
  );
}

function WelcomeHeader({ user }: { user: SessionUser }) {
  const now = useNow(60_000);
  const iso = new Date(now).toISOString();
  return (
    <header className="rounded-2xl bg-gradient-to-br from-brand-dark via-brand to-accent-dark px-5 py-6 text-white shadow-sm sm:px-8 sm:py-8">
      <p className="text-sm text-white/85">
        <time dateTime={iso.slice(0, 10)}>{dateFormat.format(now)}</time>
        <span aria-hidden="true"> · </span>
        <time dateTime={iso} data-testid="dashboard-clock">
          {timeFormat.format(now)}
        </time>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">Welcome back, {user.firstName}</h1>
      {user.isJointAccount && (
        <p
          className="mt-3 inline-flex max-w-full items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-medium"
          data-testid="joint-account-marker"
        >
          <Users className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0">
            Joint Account
            {user.jointAccountHolderName && <span className="font-normal text-white/85"> with {user.jointAccountHolderName}</span>}
          </span>
        </p>
      )}
    </header>
  );
}

function Accounts({ user }: { user: SessionUser }) {
  const staff = user.role === 'admin';
  const accounts = useQuery({
    queryKey: accountsQueryKey,
    queryFn: () => api<{ accounts: AccountSummary[] }>('/api/me/accounts'),
  });
  // Staff records have no member accounts; the API may answer that with 403.
  const staffWithout =
    staff &&
    ((accounts.isSuccess && accounts.data.accounts.length === 0) ||
      (accounts.error instanceof ApiRequestError && accounts.error.status === 403));

  return (
    <section aria-labelledby="accounts-heading">
      <h2 id="accounts-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Your accounts
      </h2>
      {staffWithout ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-700 sm:p-6" data-testid="staff-no-accounts">
          <p>Your staff sign-in has no member accounts of its own. Member reviews, accounts and transactions are in the Admin Console.</p>
          <Link to="/admin" className={buttonClass('primary', 'md', 'mt-4')}>
            Open the Admin Console
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      ) : accounts.isPending ? (
        <div className="grid gap-5 md:grid-cols-2" role="status" aria-label="Loading your accounts">
          {[0, 1].map((key) => (
            <div key={key} className="h-56 animate-pulse rounded-2xl border border-slate-200 bg-white" />
          ))}
        </div>
      ) : accounts.isError ? (
        <div className="space-y-3">
          <Alert tone="error">
            {accounts.error instanceof ApiRequestError && accounts.error.status !== 500
              ? accounts.error.body.message
              : 'We could not load your accounts. Please try again.'}
          </Alert>
          <Button variant="outline" onClick={() => void accounts.refetch()}>
            Try again
          </Button>
        </div>
      ) : accounts.data.accounts.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-700">You have no open accounts.</p>
      ) : (
        <ul className="grid gap-5 md:grid-cols-2">
          {accounts.data.accounts.map((account) => (
            <li key={account.id}>
              <AccountCard account={account} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AccountCard({ account }: { account: AccountSummary }) {
  const Icon = account.type === 'Savings' ? PiggyBank : Wallet;
  const headingId = `account-${account.id}`;
  return (
    <article aria-labelledby={headingId} className="h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" data-testid="account-card">
      <div className="flex items-center gap-3">
        <span className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-brand-soft text-brand">
          <Icon className="h-5 w-5" aria-hidden="true" />
        </span>
        <h3 id={headingId} className="font-semibold text-slate-900">
          {account.type}
          <span className="ml-2 font-mono text-sm font-normal text-slate-500">
            <span className="sr-only">ending in </span>
            <span aria-hidden="true">••</span>
            {account.accountNumber.slice(-4)}
          </span>
        </h3>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-slate-600">Balance</dt>
          <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl">{formatWireMoney(account.balance)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Available</dt>
          <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-700 tabular-nums sm:text-3xl">{formatWireMoney(account.available)}</dd>
        </div>
      </dl>
      <dl className="mt-5 space-y-1 border-t border-slate-100 pt-4 text-sm">
        <NumberRow label="Account number" value={account.accountNumber} icon={<Wallet className="h-4 w-4" aria-hidden="true" />} />
        <NumberRow label="Routing number" value={account.routingNumber} icon={<Landmark className="h-4 w-4" aria-hidden="true" />} />
      </dl>
    </article>
  );
}

function NumberRow({ label, value, icon }: { label: string; value: string; icon: ReactNode }) {
  const { copied, copy } = useCopy();
  const done = copied === label;
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="flex items-center gap-2 text-slate-600">
        <span className="text-slate-400">{icon}</span>
        {label}
      </dt>
      <dd className="flex items-center gap-1">
        <span className="font-mono text-slate-900">{value}</span>
        <button
          type="button"
          onClick={() => void copy(label, value)}
          className={`relative inline-flex h-9 w-9 items-center justify-center rounded-lg transition-colors ${done ? 'text-green-700' : 'text-slate-500 hover:bg-slate-100 hover:text-brand'}`}
        >
          {done ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          <span className="sr-only">Copy {label.toLowerCase()}</span>
          {done && (
            <span
              aria-hidden="true"
              className="pointer-events-none absolute -top-8 right-0 rounded-md bg-slate-900 px-2 py-1 text-xs font-semibold whitespace-nowrap text-white shadow"
            >
              Copied!
            </span>
          )}
        </button>
        <span className="sr-only" role="status">
          {done ? `${label} copied` : ''}
        </span>
      </dd>
    </div>
  );
}
