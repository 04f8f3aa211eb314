import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button';

/** Staff sign-ins have no member accounts (the API answers 403), so the dashboard points to the console. */
export function StaffNotice() {
  return (
    <section aria-labelledby="accounts-heading">
      <h2 id="accounts-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Your accounts
      </h2>
      <div
        className="rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-700 sm:p-6"
        data-testid="staff-no-accounts"
      >
        <p>
          Your staff sign-in has no member accounts of its own. Member reviews, accounts and transactions are in the
          Admin Console.
        </p>
        <Link to="/admin" className={buttonClass('primary', 'md', 'mt-4')}>
          Open the Admin Console
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
