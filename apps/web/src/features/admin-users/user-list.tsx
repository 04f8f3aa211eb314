import {
  type UserFilter,
  type UserList,
  type UserSummary,
  messages,
  userFilterLabels,
  userFilters,
} from '@mutual/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { SelectButton, SelectCard, selectableRowClass } from '../../components/select-list';
import { Tabs, countedTabs } from '../../components/tabs';
import { formatDate } from '../../lib/format-date';
import { useUserList } from './admin-api';
import { JointBadge, StaffBadge, StatusBadge, VerificationBadge } from './badges';
import { NewestOfNote } from './list-parts';

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
    <Tabs
      label="Filter users by status"
      tabs={countedTabs(userFilters, userFilterLabels, counts)}
      value={filter}
      onValueChange={onFilterChange}
      listClassName="grid grid-cols-2 sm:flex lg:grid"
    >
      {(value) => <Users list={list} filter={value} q={q} {...listProps} />}
    </Tabs>
  );
}

/** A member's name and e-mail, with the Joint and Staff badges beside the name. */
function NameCell({ user, selected, onSelect }: { user: UserSummary; selected: boolean; onSelect: () => void }) {
  return (
    <SelectButton selected={selected} onSelect={onSelect}>
      <span className="flex flex-wrap items-center gap-1.5">
        <span className="truncate font-semibold text-slate-900">{user.name}</span>
        {user.isJointAccount && <JointBadge />}
        {user.role === 'admin' && <StaffBadge />}
      </span>
      <span className="block truncate text-slate-600">{user.email}</span>
    </SelectButton>
  );
}

const registered = (user: UserSummary) => (
  <time dateTime={user.registrationDate} className="whitespace-nowrap">
    {formatDate(user.registrationDate)}
  </time>
);

/** On a phone: one card per member, the whole card a button. */
function UserCard({ user, selected, onSelect }: { user: UserSummary; selected: boolean; onSelect: () => void }) {
  return (
    <SelectCard selected={selected} onSelect={onSelect}>
      <span className="block truncate font-semibold text-slate-900">{user.name}</span>
      <span className="block truncate text-sm text-slate-600">{user.email}</span>
      <span className="mt-2 flex flex-wrap items-center gap-1.5">
        <StatusBadge user={user} />
        <VerificationBadge status={user.verificationStatus} />
        {user.isJointAccount && <JointBadge />}
        {user.role === 'admin' && <StaffBadge />}
        <span className="text-xs text-slate-600">Registered {registered(user)}</span>
      </span>
    </SelectCard>
  );
}

/**
 * The members under one tab: a table from tablets up (the registration date under the status where
 * the list sits beside the detail), cards on phones.
 */
function Users({
  list,
  filter,
  q,
  selectedId,
  onSelect,
}: ListProps & { list: UseQueryResult<UserList> & { otherTab: boolean }; filter: UserFilter; q: string }) {
  const users = list.otherTab ? undefined : list.data?.users;
  const columns: DataTableColumn<UserSummary>[] = [
    {
      id: 'user',
      header: 'User',
      className: 'w-full max-w-0',
      cell: (user) => <NameCell user={user} selected={user.id === selectedId} onSelect={() => onSelect(user)} />,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (user) => (
        <>
          <span className="flex flex-wrap gap-1.5">
            <StatusBadge user={user} />
            <VerificationBadge status={user.verificationStatus} />
          </span>
          {/* The list beside the detail (a desktop) is too narrow for a column of its own. */}
          <span className="mt-1 block text-xs text-slate-600 @xl:hidden">Registered {registered(user)}</span>
        </>
      ),
    },
    {
      id: 'registered',
      header: 'Registered',
      headerClassName: 'hidden whitespace-nowrap @xl:table-cell',
      className: 'hidden whitespace-nowrap text-slate-700 @xl:table-cell',
      cell: registered,
    },
  ];

  return (
    <>
      {users && users.length > 0 && (
        <>
          <p className="sr-only" role="status">
            {users.length} {users.length === 1 ? 'user' : 'users'} shown
          </p>
          <NewestOfNote shown={users.length} total={list.data?.counts[filter] ?? 0}>
            Search by name or e-mail to find someone else.
          </NewestOfNote>
        </>
      )}
      <DataTable
        caption={`Users: ${userFilterLabels[filter]}`}
        // The columns follow the list's own width: full width on a tablet, beside the detail on a desktop.
        className="@container"
        columns={columns}
        rows={users}
        rowKey="id"
        rowProps={(user) => ({
          onClick: () => onSelect(user),
          className: selectableRowClass(user.id === selectedId),
        })}
        verticalAlign="middle"
        loading={list.isPending || list.otherTab}
        loadingLabel="Loading users…"
        skeletonRows={3}
        // A flag, not the error: the spec's sentence whatever the server said.
        error={list.isError && !list.data}
        errorFallback={messages.admin.loadUsersFailed}
        onRetry={() => void list.refetch()}
        busy={list.isFetching}
        emptyMessage={q ? `No users match “${q}”.` : 'No users here yet.'}
        renderCard={(user) => (
          <UserCard user={user} selected={user.id === selectedId} onSelect={() => onSelect(user)} />
        )}
      />
    </>
  );
}
