import { type AmortizationSummary, formatBasisPoints, formatMoney } from '@mutual/shared';
import { ChevronDown } from 'lucide-react';
import type { LoanCalculatorValues } from './loan-calculator-schema';

function describeTerm(months: number) {
  if (months % 12 === 0) return `${months / 12} ${months === 12 ? 'year' : 'years'}`;
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}

/** One of the totals under the monthly payment, as a term of the surrounding `<dl>`. */
function Total({ label, cents, testId }: { label: string; cents: bigint; testId: string }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900" data-testid={testId}>
        {formatMoney(cents)}
      </dd>
    </div>
  );
}

/** The estimate for one loan: payment, totals and a year-by-year breakdown. */
export function LoanResults({ loan, summary }: { loan: LoanCalculatorValues; summary: AmortizationSummary }) {
  const lastDiffers = summary.finalPaymentCents !== summary.monthlyPaymentCents;
  return (
    <div>
      <p className="text-sm text-slate-600">
        {formatMoney(loan.principalCents)} at {formatBasisPoints(loan.rateBasisPoints)} APR over{' '}
        {describeTerm(loan.months)}
      </p>
      <p className="mt-4 text-sm font-medium text-slate-700">Monthly payment</p>
      <p className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl" data-testid="monthly-payment">
        {formatMoney(summary.monthlyPaymentCents)}
      </p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <Total label="Total interest" cents={summary.totalInterestCents} testId="total-interest" />
        <Total label="Total paid" cents={summary.totalPaidCents} testId="total-paid" />
      </dl>
      <p className="mt-4 text-sm text-slate-600">
        {summary.numberOfPayments} {summary.numberOfPayments === 1 ? 'payment' : 'payments'}
        {lastDiffers && (
          <>; the last one is {formatMoney(summary.finalPaymentCents)}, because payments are rounded to the cent</>
        )}
        .
      </p>

      <details className="group mt-6 rounded-xl border border-slate-200 bg-white">
        <summary
          className={[
            'flex cursor-pointer list-none items-center justify-between gap-3 px-4',
            'py-3 text-sm font-semibold text-slate-900',
            '[&::-webkit-details-marker]:hidden',
          ].join(' ')}
        >
          Year-by-year breakdown
          <ChevronDown className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
        </summary>
        {/* Focusable so keyboard users can scroll a long schedule. */}
        <div
          className="max-h-96 overflow-auto border-t border-slate-200"
          tabIndex={0}
          role="region"
          aria-label="Year-by-year breakdown"
        >
          <table className="w-full text-right text-xs tabular-nums sm:text-sm">
            <caption className="sr-only">Principal and interest paid each year, and the balance left</caption>
            <thead className="sticky top-0 bg-slate-50 text-xs text-slate-700 uppercase">
              <tr>
                <th scope="col" className="px-2 py-2 sm:px-3 text-left font-semibold">
                  Year
                </th>
                {['Principal', 'Interest', 'Balance'].map((heading) => (
                  <th key={heading} scope="col" className="px-2 py-2 sm:px-3 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-800">
              {summary.years.map((year) => (
                <tr key={year.year}>
                  <th scope="row" className="px-2 py-2 sm:px-3 text-left font-medium">
                    {year.year}
                  </th>
                  <td className="px-2 py-2 sm:px-3">{formatMoney(year.principalCents)}</td>
                  <td className="px-2 py-2 sm:px-3">{formatMoney(year.interestCents)}</td>
                  <td className="px-2 py-2 sm:px-3">{formatMoney(year.endBalanceCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
