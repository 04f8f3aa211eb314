import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RequireSession } from '../features/session/require-session';
import { contentPagePaths } from '@mutual/shared/routes';
import { HomePage } from '../routes/public/home';
import { NotFoundPage } from '../routes/public/not-found';
import { PublicLayout } from './layouts/public-layout';

// Only the home page, the layouts and the 404 screen are in the first download: every other
// screen loads when it is opened, so a visitor reading the home page does not download the forms,
// the calculators, the signed-in screens or the staff console.
const AboutPage = lazy(() => import('../routes/public/about').then((m) => ({ default: m.AboutPage })));
const CalculatorsPage = lazy(() =>
  import('../routes/public/calculators').then((m) => ({ default: m.CalculatorsPage })),
);
const ContactPage = lazy(() => import('../routes/public/contact').then((m) => ({ default: m.ContactPage })));
const ContentPageAt = lazy(() => import('../routes/public/content-page').then((m) => ({ default: m.ContentPageAt })));
const ProductsPage = lazy(() => import('../routes/public/products').then((m) => ({ default: m.ProductsPage })));
const LoginPage = lazy(() => import('../routes/auth/login').then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = lazy(() =>
  import('../routes/auth/forgot-password').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../routes/auth/reset-password').then((m) => ({ default: m.ResetPasswordPage })),
);
const PendingApprovalPage = lazy(() =>
  import('../routes/auth/pending-approval').then((m) => ({ default: m.PendingApprovalPage })),
);
const RegistrationSuccessPage = lazy(() =>
  import('../routes/auth/registration-success').then((m) => ({ default: m.RegistrationSuccessPage })),
);
const DevMailboxPage = lazy(() => import('../routes/dev/mailbox').then((m) => ({ default: m.DevMailboxPage })));
const DevTerminalPage = lazy(() => import('../routes/dev/terminal').then((m) => ({ default: m.DevTerminalPage })));
const MemberLayout = lazy(() => import('./layouts/member-layout').then((m) => ({ default: m.MemberLayout })));
const DashboardPage = lazy(() => import('../routes/member/dashboard').then((m) => ({ default: m.DashboardPage })));
const TransactionsPage = lazy(() =>
  import('../routes/member/transactions').then((m) => ({ default: m.TransactionsPage })),
);
const AdminPage = lazy(() => import('../routes/admin/admin').then((m) => ({ default: m.AdminPage })));
const ResetTransfersPage = lazy(() =>
  import('../routes/admin/reset-transfers').then((m) => ({ default: m.ResetTransfersPage })),
);
const PaymentOperationsPage = lazy(() =>
  import('../routes/admin/payments').then((m) => ({ default: m.PaymentOperationsPage })),
);
const DepositReviewPage = lazy(() =>
  import('../features/deposit-review/deposit-review-page').then((m) => ({ default: m.DepositReviewPage })),
);
const AuditLogPage = lazy(() => import('../routes/admin/audit').then((m) => ({ default: m.AuditLogPage })));
const ScheduledWorkPage = lazy(() =>
  import('../routes/admin/scheduled-work').then((m) => ({ default: m.ScheduledWorkPage })),
);
const SignupPage = lazy(() => import('../routes/auth/signup').then((m) => ({ default: m.SignupPage })));

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
