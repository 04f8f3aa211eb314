import { PageHero } from '../../components/layout';
import { CtaBanner } from '../../features/marketing/cta-banner';
import { ProductBrowser } from '../../features/marketing/product-browser';
import { useSite } from '../../features/site/site-context';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ProductsPage() {
  useDocumentTitle('Products');
  const { brand } = useSite();
  return (
    <>
      <PageHero eyebrow="Products" title="Products built around your goals">
        <p>
          Savings that earn more, loans that cost less and cards that reward you. Because {brand.shortName} is owned by
          its members, our rates are set to serve you.
        </p>
      </PageHero>
      <ProductBrowser />
      <CtaBanner
        id="products-cta-title"
        title="Not sure which product is right for you?"
        text="Meet one of our member advisors in a branch or online, or estimate a payment with our loan calculator."
        primary={{ to: '/contact', label: 'Schedule Meeting' }}
        secondary={{ to: '/calculators', label: 'Loan Calculator' }}
        followsWhiteSection
      />
    </>
  );
}
