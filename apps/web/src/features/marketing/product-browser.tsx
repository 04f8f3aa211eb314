import { ArrowRight, Briefcase, Check, User } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Section, SectionHeading } from '../../components/layout';
import { useSite } from '../site/site-context';
import { type Product, type ProductAudience, productsFor } from './product-catalog';
import { IconTile } from './icon-tile';

const audiences: Array<{ value: ProductAudience; label: string; icon: typeof User }> = [
  { value: 'personal', label: 'Personal Banking', icon: User },
  { value: 'business', label: 'Business Banking', icon: Briefcase },
];

const descriptions: Record<ProductAudience, string> = {
  personal: 'Accounts, cards and loans for you and your family, at member-first rates.',
  business: 'Banking, lending and payment services for local businesses and non-profits.',
};

function ProductCard({ product, index }: { product: Product; index: number }) {
  const { name, icon: Icon, rateLabels, description, features } = product;
  const titleId = `product-${index}-title`;
  return (
    <li
      className={[
        'flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm',
        'transition hover:-translate-y-1 hover:shadow-lg',
      ].join(' ')}
    >
      <div className="flex items-start gap-4">
        <IconTile icon={Icon} />
        <h3 id={titleId} className="pt-2.5 text-xl font-semibold text-slate-900">
          {name}
        </h3>
      </div>
      <ul className="mt-5 flex flex-wrap gap-2" aria-label={`${name} rates`}>
        {rateLabels.map((label) => (
          <li
            key={label}
            data-testid="product-rate"
            className="rounded-lg bg-brand-soft px-3 py-1.5 text-base font-bold text-brand-dark"
          >
            {label}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-slate-600">{description}</p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-accent-dark" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <Link
        to="/contact"
        aria-describedby={titleId}
        className={[
          'mt-6 inline-flex w-fit items-center gap-1.5 rounded-lg font-semibold',
          'text-brand hover:gap-2.5 hover:text-brand-dark',
        ].join(' ')}
      >
        Learn More
        <ArrowRight className="h-4 w-4" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** Personal / Business toggle with the product cards for the chosen audience. */
export function ProductBrowser() {
  const { rates } = useSite();
  const [audience, setAudience] = useState<ProductAudience>('personal');
  const products = productsFor(audience, rates);

  return (
    <Section labelledBy="products-title">
      <SectionHeading
        id="products-title"
        eyebrow="Products & rates"
        title="Find the right fit"
        description="Choose the kind of banking you are looking for to see our products and current rates."
      />
      <div className="flex justify-center">
        <div
          role="group"
          aria-label="Banking type"
          className="inline-flex w-full max-w-md rounded-xl bg-slate-100 p-1 ring-1 ring-slate-200"
        >
          {audiences.map(({ value, label, icon: Icon }) => {
            const pressed = audience === value;
            return (
              <button
                key={value}
                type="button"
                aria-pressed={pressed}
                aria-controls="product-list"
                onClick={() => setAudience(value)}
                className={[
                  'flex flex-1 items-center justify-center gap-2 rounded-lg px-2 py-2.5 text-sm font-semibold',
                  'whitespace-nowrap transition-colors sm:px-3 sm:text-base',
                  pressed ? 'bg-white text-brand shadow-sm' : 'text-slate-700 hover:text-slate-900',
                ].join(' ')}
              >
                <Icon className="hidden h-4 w-4 sm:block" aria-hidden="true" />
                {label}
              </button>
            );
          })}
        </div>
      </div>
      <p className="mt-4 text-center text-slate-600">{descriptions[audience]}</p>
      <ul id="product-list" className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {products.map((product, index) => (
          <ProductCard key={product.name} product={product} index={index} />
        ))}
      </ul>
      <p className="mx-auto mt-10 max-w-4xl text-center text-xs text-slate-600" data-testid="rates-disclosure">
        APY = Annual Percentage Yield. APR = Annual Percentage Rate. Rates shown are the best available and depend on
        creditworthiness, term and balance; all rates are subject to change without notice. Membership required;
        federally insured by NCUA.
      </p>
    </Section>
  );
}
