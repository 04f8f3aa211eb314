import { type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RequireSession } from '../features/session/require-session';
import { lazyNamed } from '../lib/lazy-named';
import { contentPagePaths } from '@mutual/shared/routes';
import { HomePage } from '../routes/public/home';
import { NotFoundPage } from '../routes/public/not-found';
import { PublicLayout } from './layouts/public-layout';

// Only the home page, the layouts and the 404 screen are in the first download: every other
// screen loads when it is opened, so a visitor reading the home page does not download the forms,
// the calculators, the signed-in screens or the staff console.
const AboutPage = lazyNamed(() => import('../routes/public/about'), 'AboutPage');
const CalculatorsPage = lazyNamed(() => import('../routes/public/calculators'), 'CalculatorsPage');
const ContactPage = lazyNamed(() => import('../routes/public/contact'), 'ContactPage');
const ContentPageAt = lazyNamed(() => import('../routes/public/content-page'), 'ContentPageAt');
const ProductsPage = lazyNamed(() => import('../routes/public/products'), 'ProductsPage');
const LoginPage = lazyNamed(() => import('../routes/auth/login'), 'LoginPage');
const ForgotPasswordPage = lazyNamed(() => import('../routes/auth/forgot-password'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('../routes/auth/reset-password'), 'ResetPasswordPage');
const PendingApprovalPage = lazyNamed(() => import('../routes/auth/pending-approval'), 'PendingApprovalPage');
const RegistrationSuccessPage = lazyNamed(
  () => import('../routes/auth/registration-success'),
  'RegistrationSuccessPage',
);
const DevMailboxPage = lazyNamed(() => import('../routes/dev/mailbox'), 'DevMailboxPage');
const DevTerminalPage = lazyNamed(() => import('../routes/dev/terminal'), 'DevTerminalPage');
const MemberLayout = lazyNamed(() => import('./layouts/member-layout'), 'MemberLayout');
const DashboardPage = lazyNamed(() => import('../routes/member/dashboard'), 'DashboardPage');
const TransactionsPage = lazyNamed(() => import('../routes/member/transactions'), 'TransactionsPage');
const AdminPage = lazyNamed(() => import('../routes/admin/admin'), 'AdminPage');
const ResetTransfersPage = lazyNamed(() => import('../routes/admin/reset-transfers'), 'ResetTransfersPage');
const PaymentOperationsPage = lazyNamed(() => import('../routes/admin/payments'), 'PaymentOperationsPage');
const DepositReviewPage = lazyNamed(
  () => import('../features/deposit-review/deposit-review-page'),
  'DepositReviewPage',
);
const AuditLogPage = lazyNamed(() => import('../routes/admin/audit'), 'AuditLogPage');
const ScheduledWorkPage = lazyNamed(() => import('../routes/admin/scheduled-work'), 'ScheduledWorkPage');
const SignupPage = lazyNamed(() => import('../routes/auth/signup'), 'SignupPage');

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        // A full screen, so nothing visible moves when the page arrives (no layout shift).
        <div className="flex min-h-screen items-center justify-center text-slate-500" role="status">
          Loading…
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      {
        path: '/about',
        element: (
          <Loading>
            <AboutPage />
          </Loading>
        ),
      },
      {
        path: '/products',
        element: (
          <Loading>
            <ProductsPage />
          </Loading>
        ),
      },
      {
        path: '/contact',
        element: (
          <Loading>
            <ContactPage />
          </Loading>
        ),
      },
      {
        path: '/calculators',
        element: (
          <Loading>
            <CalculatorsPage />
          </Loading>
        ),
      },
      {
        path: '/login',
        element: (
          <Loading>
            <LoginPage />
          </Loading>
        ),
      },
      {
        path: '/signup',
        element: (
          <Loading>
            <SignupPage />
          </Loading>
        ),
      },
      { path: '/register', element: <Navigate to="/signup" replace /> },
      {
        path: '/registration-success',
        element: (
          <Loading>
            <RegistrationSuccessPage />
          </Loading>
        ),
      },
      {
        path: '/forgot-password',
        element: (
          <Loading>
            <ForgotPasswordPage />
          </Loading>
        ),
      },
      {
        path: '/reset-password',
        element: (
          <Loading>
            <ResetPasswordPage />
          </Loading>
        ),
      },
      {
        path: '/pending-approval',
        element: (
          <RequireSession audience="applicant">
            <Loading>
              <PendingApprovalPage />
            </Loading>
          </RequireSession>
        ),
      },
      ...contentPagePaths.map((path) => ({
        path,
        element: (
          <Loading>
            <ContentPageAt path={path} />
          </Loading>
        ),
      })),
      {
        path: '/dev/mailbox',
        element: (
          <Loading>
            <DevMailboxPage />
          </Loading>
        ),
      },
      {
        path: '/dev/terminal',
        element: (
          <Loading>
            <DevTerminalPage />
          </Loading>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: (
      <Loading>
        <MemberLayout />
      </Loading>
    ),
    children: [
      {
        path: '/dashboard',
        element: (
          <RequireSession audience="member">
            <Loading>
              <DashboardPage />
            </Loading>
          </RequireSession>
        ),
      },
      {
        path: '/dashboard/transactions',
        element: (
          <RequireSession audience="member">
            <Loading>
              <TransactionsPage />
            </Loading>
          </RequireSession>
        ),
      },
      {
        path: '/admin',
        element: (
          <RequireSession audience="staff">
            <Loading>
              <AdminPage />
            </Loading>
          </RequireSession>
        ),
      },
      {
        path: '/admin/reset-transfers',
        element: (
          <RequireSession audience="staff">
            <Loading>
              <ResetTransfersPage />
            </Loading>
          </RequireSession>
        ),
      },
      {
        path: '/admin/payments',
        element: (
          <RequireSession audience="staff">
            <Loading>
              <PaymentOperationsPage />
            </Loading>
          </RequireSession>
        ),
      },
      {
        path: '/admin/deposits',
        element: (
          <RequireSession audience="staff">
            <Loading>
              <DepositReviewPage />
            </Loading>
          </RequireSession>
        ),
      },
      {
        path: '/admin/audit',
        element: (
          <RequireSession audience="staff">
            <Loading>
              <AuditLogPage />
            </Loading>
          </RequireSession>
        ),
      },
      {
        path: '/admin/scheduled-work',
        element: (
          <RequireSession audience="staff">
            <Loading>
              <ScheduledWorkPage />
            </Loading>
          </RequireSession>
        ),
      },
    ],
  },
]);
