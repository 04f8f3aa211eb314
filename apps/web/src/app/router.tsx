import { createBrowserRouter, Navigate } from 'react-router';
import { RequireSession } from '../features/session/require-session';
import { AdminPage } from '../routes/admin/admin';
import { ResetTransfersPage } from '../routes/admin/reset-transfers';
import { ForgotPasswordPage } from '../routes/auth/forgot-password';
import { LoginPage } from '../routes/auth/login';
import { PendingApprovalPage } from '../routes/auth/pending-approval';
import { RegistrationSuccessPage } from '../routes/auth/registration-success';
import { ResetPasswordPage } from '../routes/auth/reset-password';
import { SignupPage } from '../routes/auth/signup';
import { DevMailboxPage } from '../routes/dev/mailbox';
import { DashboardPage } from '../routes/member/dashboard';
import { AboutPage } from '../routes/public/about';
import { CalculatorsPage } from '../routes/public/calculators';
import { ContactPage } from '../routes/public/contact';
import { contentPages } from '../routes/public/content-pages';
import { ContentPage } from '../routes/public/content-page';
import { HomePage } from '../routes/public/home';
import { NotFoundPage } from '../routes/public/not-found';
import { ProductsPage } from '../routes/public/products';
import { MemberLayout } from './layouts/member-layout';
import { PublicLayout } from './layouts/public-layout';

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
      { path: '/signup', element: <SignupPage /> },
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
    element: <MemberLayout />,
    children: [
      {
        path: '/dashboard',
        element: (
          <RequireSession audience="member">
            <DashboardPage />
          </RequireSession>
        ),
      },
      {
        path: '/admin',
        element: (
          <RequireSession audience="staff">
            <AdminPage />
          </RequireSession>
        ),
      },
      {
        path: '/admin/reset-transfers',
        element: (
          <RequireSession audience="staff">
            <ResetTransfersPage />
          </RequireSession>
        ),
      },
    ],
  },
]);
