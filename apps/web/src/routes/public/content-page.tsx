import { ChevronRight, Mail, Phone } from 'lucide-react';
import { ButtonLink } from '../../components/button';
import { Container, PageHero, Section } from '../../components/layout';
import { LinkList } from '../../components/link-list';
import { Prose } from '../../features/content/prose';
import { relatedLinks } from '../../features/content/related-pages';
import { useSite } from '../../features/site/site-context';
import { useDocumentTitle } from '../../lib/use-document-title';
import { type ContentPageDefinition, contentPages } from './content-pages';
import { NotFoundPage } from './not-found';

/** The content page at `path` (its text is in this chunk, not in the first download). */
export function ContentPageAt({ path }: { path: string }) {
  const page = contentPages.find((p) => p.path === path);
  return page ? <ContentPage page={page} /> : <NotFoundPage />;
}

export function ContentPage({ page }: { page: ContentPageDefinition }) {
  useDocumentTitle(page.title);
  const site = useSite();
  const ctaId = `cta-${page.path.replaceAll('/', '-').replace(/^-/, '')}`;

  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title}>
        {page.intro(site)}
      </PageHero>

      <Section>
        <div className="grid gap-12 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <Prose>{page.body(site)}</Prose>
          </div>
          <aside className="space-y-6" aria-label="Related information">
            <nav aria-labelledby="related-pages" className="rounded-2xl border border-slate-200 p-6">
              <h2 id="related-pages" className="font-semibold text-slate-900">
                Related pages
              </h2>
              <LinkList
                links={relatedLinks(page.related)}
                className="mt-3 divide-y divide-slate-100"
                linkClassName={
                  'flex items-center justify-between gap-3 py-2.5 text-sm ' +
                  'font-medium text-slate-800 hover:text-brand'
                }
                trailing={<ChevronRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />}
              />
            </nav>
            <div className="rounded-2xl bg-slate-50 p-6">
              <h2 className="font-semibold text-slate-900">Need help?</h2>
              <ul className="mt-3 space-y-2.5 text-sm text-slate-700">
                <li className="flex gap-2">
                  <Phone className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                  <span>
                    <a href={`tel:${site.support.phone}`} className="font-semibold text-brand hover:underline">
                      {site.support.phone}
                    </a>
                    <br />
                    {site.support.hours}
                  </span>
                </li>
                <li className="flex gap-2">
                  <Mail className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                  <a
                    href={`mailto:${site.support.email}`}
                    className="font-semibold [overflow-wrap:anywhere] text-brand hover:underline"
                  >
                    {site.support.email}
                  </a>
                </li>
              </ul>
            </div>
          </aside>
        </div>
      </Section>

      <section aria-labelledby={ctaId} className="bg-brand-soft">
        <Container className="flex flex-col gap-6 py-12 sm:py-14 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id={ctaId} className="text-2xl font-bold tracking-tight text-slate-900">
              {page.cta.title}
            </h2>
            <p className="mt-2 text-slate-700">{page.cta.text(site)}</p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row md:shrink-0">
            <ButtonLink to={page.cta.primary.to} size="lg">
              {page.cta.primary.label}
            </ButtonLink>
            {page.cta.secondary && (
              <ButtonLink to={page.cta.secondary.to} variant="outline" size="lg">
                {page.cta.secondary.label}
              </ButtonLink>
            )}
          </div>
        </Container>
      </section>
    </>
  );
}
