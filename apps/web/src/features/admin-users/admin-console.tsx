import { type UserFilter, type UserSummary, messages, userFilters } from '@mutual/shared';
import { useRef, useState } from 'react';
import { Container } from '../../components/layout';
import { DeleteUserTransactions } from '../admin-money/delete-user-transactions';
import { ConsoleActions, ConsoleLinks, EmailLookup, UserSearch } from './admin-toolbar';
import { ContactInboxPanel } from './contact-inbox';
import { CreateUserDialog } from './create-user-dialog';
import { FlashBanner } from './flash-banner';
import { useConsoleAddress } from './use-console-address';
import { useFlash } from './use-flash';
import { UserDetailPanel } from './user-detail-panel';
import { UserListPanel } from './user-list';
import { listBesideDetailClass, showPickedDetail } from '../../lib/scroll';
import { isOneOf } from '../../lib/search-params';

const toolbarClass =
  'mt-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 md:flex-row md:items-start';

/**
 * The list beside the member's detail on a wide screen: the list as narrow as its names and
 * statuses read well, the detail with the rest, so that from a desktop's width (1280) the detail
 * has room for its sections side by side and the transaction table (`UserDetailPanel`).
 */
const consoleGridClass =
  'mt-6 grid grid-cols-[minmax(0,1fr)] items-start gap-6 ' +
  'lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]';

const isFilter = isOneOf(userFilters);

/**
 * The members part of the staff console: find people, review applications, create users and look
 * after their sign-in codes. Filter, search and the selected member live in the address (?filter=,
 * ?q=, ?user=), so a reload or a shared link opens the same view.
 */
export function AdminConsole() {
  const { params, setParam } = useConsoleAddress();
  const rawFilter = params.get('filter');
  const filter: UserFilter = isFilter(rawFilter) ? rawFilter : 'all';
  const q = params.get('q') ?? '';
  const selectedId = params.get('user');

  const [showOtps, setShowOtps] = useState(false);
  const [creating, setCreating] = useState(false);
  const { flash, show, dismiss } = useFlash();
  const detailRef = useRef<HTMLDivElement>(null);

  const select = (user: Pick<UserSummary, 'id'>) => {
    setParam('user', user.id);
    showPickedDetail(detailRef.current, { focus: true });
  };

  const toggleOtps = () => {
    const next = !showOtps;
    setShowOtps(next);
    // The panel opens inside the member detail, which may be far below (phone) or scrolled away.
    if (next && selectedId) {
      window.requestAnimationFrame(() =>
        document.getElementById('otp-panel-region')?.scrollIntoView({ block: 'nearest' }),
      );
    }
  };

  return (
    <Container className="py-8">
      <FlashBanner flash={flash} onDismiss={dismiss} />

      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Dashboard</h1>
          <p className="mt-1 text-slate-600">Review applications, look after members and their sign-in codes.</p>
        </div>
        <ConsoleActions showOtps={showOtps} onToggleOtps={toggleOtps} onCreate={() => setCreating(true)} />
      </div>
      <div className="mt-4">
        <ConsoleLinks />
      </div>

      <div className={toolbarClass}>
        <UserSearch initial={q} onSearch={(value) => setParam('q', value)} />
        <EmailLookup onFound={select} />
      </div>

      <div className={consoleGridClass}>
        <section aria-label="Users" className={listBesideDetailClass}>
          <UserListPanel
            filter={filter}
            q={q}
            onFilterChange={(value) => setParam('filter', value === 'all' ? null : value)}
            selectedId={selectedId}
            onSelect={select}
          />
        </section>
        <section ref={detailRef} aria-label="Selected user" tabIndex={-1} className="scroll-mt-20 focus:outline-none">
          <UserDetailPanel userId={selectedId} showOtps={showOtps} onFlash={show} />
        </section>
      </div>

      <DeleteUserTransactions />

      <ContactInboxPanel />

      <CreateUserDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(user) => {
          setCreating(false);
          show('success', messages.admin.userCreated(user.email));
          select(user);
        }}
      />
    </Container>
  );
}
