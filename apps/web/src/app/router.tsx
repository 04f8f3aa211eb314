import { createBrowserRouter, Navigate } from 'react-router';
import { DevMailboxPage } from '../routes/dev/mailbox';
import { AboutPage } from '../routes/public/about';
import { CalculatorsPage } from '../routes/public/calculators';
import { ContactPage } from '../routes/public/contact';
import { contentPages } from '../routes/public/content-pages';
import { ContentPage } from '../routes/public/content-page';
import { HomePage } from '../routes/public/home';
import { NotFoundPage } from '../routes/public/not-found';
import { OnlineBankingPage } from '../routes/public/online-banking';
import { ProductsPage } from '../routes/public/products';
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
      // Sign-in and registration arrive with the identity work; until then these say so honestly.
      { path: '/login', element: <OnlineBankingPage mode="login" /> },
      { path: '/signup', element: <OnlineBankingPage mode="signup" /> },
      { path: '/register', element: <Navigate to="/signup" replace /> },
      ...contentPages.map((page) => ({ path: page.path, element: <ContentPage page={page} /> })),
      { path: '/dev/mailbox', element: <DevMailboxPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
