import { ButtonLink } from '../../components/button';
import { PageHero, Section } from '../../components/layout';
import { LoanCalculator } from '../../features/calculators/loan-calculator';
import { useSite } from '../../features/site/site-context';
import { useDocumentTitle } from '../../lib/use-document-title';

export function CalculatorsPage() {
  useDocumentTitle('Loan calculator');
  const { support } = useSite();

  return (
    <>
      <PageHero eyebrow="Calculators" title="Loan calculator">
        See what a loan could cost each month before you apply: enter an amount, a yearly rate and a term.
      </PageHero>

      <Section>
        <LoanCalculator />

        <div className="mt-14 grid gap-10 lg:grid-cols-2">
          <section aria-labelledby="calculator-how">
            <h2 id="calculator-how" className="text-2xl font-bold tracking-tight text-slate-900">
              How we calculate
            </h2>
            <ul className="mt-4 list-disc space-y-2 pl-6 text-slate-700">
              <li>A fixed rate and equal monthly payments, with interest charged each month on the balance left.</li>
              <li>
                Every figure is worked out exactly, in whole cents: the payment and each month's interest are rounded to
                the cent, and the last payment settles the exact balance, so the principal repaid always adds up to the
                amount borrowed.
              </li>
              <li>Taxes, insurance and fees are not included; for a mortgage, ask us for a full estimate.</li>
            </ul>
          </section>
          <section aria-labelledby="calculator-next" className="rounded-2xl bg-slate-50 p-6 sm:p-8">
            <h2 id="calculator-next" className="text-2xl font-bold tracking-tight text-slate-900">
              Ready to talk about a loan?
            </h2>
            <p className="mt-3 text-slate-700">
              This is an estimate, not an offer. Your actual rate depends on your credit history, the loan type and the
              term. A loan officer can give you a personal quote — call {support.phone} or get in touch.
            </p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <ButtonLink to="/schedule">Schedule a meeting</ButtonLink>
              <ButtonLink to="/products" variant="outline">
                See our loans
              </ButtonLink>
            </div>
          </section>
        </div>
      </Section>
    </>
  );
}
