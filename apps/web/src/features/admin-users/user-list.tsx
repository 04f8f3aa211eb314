import {
  type UserFilter,
  type UserList as UserListData,
  type UserSummary,
  messages,
  userFilterLabels,
  userFilters,
} from '@mutual/shared';
import { ChevronRight, RefreshCw } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { useUserList } from './admin-api';
import { JointBadge, StaffBadge, StatusBadge, VerificationBadge } from './badges';
import { formatDate } from '../../lib/format-date';

interface ListProps {
  selectedId: string | null;
  onSelect: (user: UserSummary) => void;
}

/** Filter tabs with their counts, and the matching members below. */
export function UserListPanel({
  filter,
  q,
  onFilterChange,
  ...listProps
}: ListProps & { filter: UserFilter; q: string; onFilterChange: (filter: UserFilter) => void }) {
  const list = useUserList(filter, q);
  const counts = list.data?.counts;

  return (
    <Tabs.Root value={filter} onValueChange={(value) => onFilterChange(value as UserFilter)}>
      <Tabs.List
        aria-label="Filter users by status"
        className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:flex lg:grid xl:flex"
      >
        {userFilters.map((value) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className="flex min-w-0 flex-1 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand data-[state=active]:shadow-sm"
          >
            {userFilterLabels[value]}
            <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800 tabular-nums">
              {counts ? counts[value] : '–'}
            </span>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {userFilters.map((value) => (
        <Tabs.Content key={value} value={value} className="mt-4 focus-visible:outline-offset-4">
          {list.isPending ? (
            <p role="status" className="rounded-2xl border border-slate-200 p-8 text-center text-slate-600">
              Loading users…
            </p>
          ) : list.isError && !list.data ? (
            <Alert tone="error" title={messages.admin.loadUsersFailed}>
              <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.refetch()}>
                <RefreshCw className="h-4 w-4" aria-hidden="true" />
                Try again
              </Button>
            </Alert>
          ) : list.data ? (
            <Users data={list.data} total={list.data.counts[value]} busy={list.isFetching} q={q} {...listProps} />
          ) : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

function Users({
  data,
  total,
  busy,
  q,
  selectedId,
  onSelect,
}: ListProps & { data: UserListData; total: number; busy: boolean; q: string }) {
  if (data.users.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        {q ? `No users match “${q}”.` : 'No users here yet.'}
      </p>
    );
  }
  return (
    <div aria-busy={busy} className={busy ? 'opacity-70 transition-opacity' : 'transition-opacity'}>
      <p className="sr-only" role="status">
        {data.users.length} {data.users.length === 1 ? 'user' : 'users'} shown
      </p>
      {data.users.length < total && (
        <p className="mb-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Showing the newest {data.users.length} of {total}. Search by name or e-mail to find someone else.
        </p>
      )}
      {/* Desktop and tablet: a table. */}
      <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                User
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3 whitespace-nowrap">
                Registered
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {data.users.map((user) => {
              const selected = user.id === selectedId;
              return (
                <tr
                  key={user.id}
                  onClick={() => onSelect(user)}
                  className={`cursor-pointer ${selected ? 'bg-brand-soft' : 'hover:bg-slate-50'}`}
                >
                  <td className="w-full max-w-0 px-4 py-3">
                    <button
                      type="button"
                      aria-current={selected ? 'true' : undefined}
                      onClick={(event) => {
                        event.stopPropagation();
                        onSelect(user);
                      }}
                      className="block max-w-full rounded text-left"
                    >
                      <span className="flex flex-wrap items-center gap-1.5">
                        <span className="truncate font-semibold text-slate-900">{user.name}</span>
                        {user.isJointAccount && <JointBadge />}
                        {user.role === 'admin' && <StaffBadge />}
                      </span>
                      <span className="block truncate text-slate-600">{user.email}</span>
                    </button>
                  </td>
                  <td className="px-4 py-3">
                    <span className="flex flex-wrap gap-1.5">
                      <StatusBadge status={user.status} />
                      <VerificationBadge status={user.verificationStatus} />
                    </span>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                    <time dateTime={user.registrationDate}>{formatDate(user.registrationDate)}</time>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {/* Phone: one card per member. */}
      <ul className="space-y-2 md:hidden">
        {data.users.map((user) => {
          const selected = user.id === selectedId;
          return (
            <li key={user.id}>
              <button
                type="button"
                aria-current={selected ? 'true' : undefined}
                onClick={() => onSelect(user)}
                className={`flex w-full items-center gap-3 rounded-xl border p-3.5 text-left ${
                  selected ? 'border-brand bg-brand-soft' : 'border-slate-200 bg-white hover:bg-slate-50'
                }`}
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold text-slate-900">{user.name}</span>
                  <span className="block truncate text-sm text-slate-600">{user.email}</span>
                  <span className="mt-2 flex flex-wrap items-center gap-1.5">
                    <StatusBadge status={user.status} />
                    <VerificationBadge status={user.verificationStatus} />
                    {user.isJointAccount && <JointBadge />}
                    {user.role === 'admin' && <StaffBadge />}
                    <span className="text-xs text-slate-600">
                      Registered <time dateTime={user.registrationDate}>{formatDate(user.registrationDate)}</time>
                    </span>
                  </span>
                </span>
                <ChevronRight className="h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
