import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RequireSession } from '../features/session/require-session';
import { ForgotPasswordPage } from '../routes/auth/forgot-password';
import { LoginPage } from '../routes/auth/login';
import { PendingApprovalPage } from '../routes/auth/pending-approval';
import { RegistrationSuccessPage } from '../routes/auth/registration-success';
import { ResetPasswordPage } from '../routes/auth/reset-password';
import { DevMailboxPage } from '../routes/dev/mailbox';
import { AboutPage } from '../routes/public/about';
import { CalculatorsPage } from '../routes/public/calculators';
import { ContactPage } from '../routes/public/contact';
import { contentPages } from '../routes/public/content-pages';
import { ContentPage } from '../routes/public/content-page';
import { HomePage } from '../routes/public/home';
import { NotFoundPage } from '../routes/public/not-found';
import { ProductsPage } from '../routes/public/products';
import { PublicLayout } from './layouts/public-layout';

// Signed-in screens and the long application form load on demand: a visitor reading the home
// page does not download the staff console.
const MemberLayout = lazy(() => import('./layouts/member-layout').then((m) => ({ default: m.MemberLayout })));
const DashboardPage = lazy(() => import('../routes/member/dashboard').then((m) => ({ default: m.DashboardPage })));
const TransactionsPage = lazy(() => import('../routes/member/transactions').then((m) => ({ default: m.TransactionsPage })));
const AdminPage = lazy(() => import('../routes/admin/admin').then((m) => ({ default: m.AdminPage })));
const ResetTransfersPage = lazy(() => import('../routes/admin/reset-transfers').then((m) => ({ default: m.ResetTransfersPage })));
const PaymentOperationsPage = lazy(() => import('../routes/admin/payments').then((m) => ({ default: m.PaymentOperationsPage })));
const AuditLogPage = lazy(() => import('../routes/admin/audit').then((m) => ({ default: m.AuditLogPage })));
const SignupPage = lazy(() => import('../routes/auth/signup').then((m) => ({ default: m.SignupPage })));

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-[50vh] items-center justify-center text-slate-500" role="status">
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
      { path: '/about', element: <AboutPage /> },
      { path: '/products', element: <ProductsPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/calculators', element: <CalculatorsPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <Loading><SignupPage /></Loading> },
      { path: '/register', element: <Navigate to="/signup" replace /> },
      { path: '/registration-success', element: <RegistrationSuccessPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      {
        path: '/pending-approval',
        element: (
          <RequireSession audience="applicant">
            <PendingApprovalPage />
          </RequireSession>
        ),
      },
      ...contentPages.map((page) => ({ path: page.path, element: <ContentPage page={page} /> })),
      { path: '/dev/mailbox', element: <DevMailboxPage /> },
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
        path: '/admin/audit',
        element: (
          <RequireSession audience="staff">
            <Loading>
              <AuditLogPage />
            </Loading>
          </RequireSession>
        ),
      },
    ],
  },
]);
