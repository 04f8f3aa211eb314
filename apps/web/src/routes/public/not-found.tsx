import { Compass, Home, Mail } from 'lucide-react';
import { ButtonLink } from '../../components/button';
import { Container } from '../../components/layout';
import { LinkList } from '../../components/link-list';
import { useDocumentTitle } from '../../lib/use-document-title';

const popularLinks = [
  { to: '/products', label: 'Products & rates' },
  { to: '/accounts/checking', label: 'Checking accounts' },
  { to: '/accounts/savings', label: 'Savings accounts' },
  { to: '/calculators', label: 'Loan calculator' },
  { to: '/locations', label: 'Branches & ATMs' },
  { to: '/security', label: 'Security Center' },
];

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Container className="py-20 sm:py-28">
      <div className="mx-auto max-w-2xl text-center">
        <span className="inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-soft text-brand">
          <Compass className="h-7 w-7" aria-hidden="true" />
        </span>
        <p className="mt-6 text-sm font-semibold tracking-wide text-accent-dark uppercase">Error 404</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Page not found</h1>
        <p className="mt-4 text-lg text-slate-600">
          Sorry, we couldn't find the page you were looking for. It may have moved, or the address may be mistyped.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink icon={Home} to="/" size="lg">
            Go to the home page
          </ButtonLink>
          <ButtonLink icon={Mail} to="/contact" variant="outline" size="lg">
            Contact us
          </ButtonLink>
        </div>
      </div>
      <nav aria-labelledby="popular-pages" className="mx-auto mt-16 max-w-2xl border-t border-slate-200 pt-10">
        <h2 id="popular-pages" className="text-center text-sm font-semibold tracking-wide text-slate-700 uppercase">
          Popular pages
        </h2>
        <LinkList
          links={popularLinks}
          className="mt-6 grid gap-3 sm:grid-cols-2"
          linkClassName={
            'block rounded-xl border border-slate-200 px-4 py-3 text-sm font-medium ' +
            'text-slate-800 hover:border-brand hover:text-brand'
          }
        />
      </nav>
    </Container>
  );
}
