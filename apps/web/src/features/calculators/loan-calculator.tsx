import { zodResolver } from '@hookform/resolvers/zod';
import { type AmortizationSummary, amortizationSummary, formatMoney } from '@mutual/shared';
import { Calculator } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { ChoiceOptions } from '../../components/choice-options';
import { FormField, controlProps } from '../../components/form-field';
import { useSite } from '../site/site-context';
import {
  type LoanCalculatorInput,
  type LoanCalculatorValues,
  loanCalculatorSchema,
  termUnits,
} from './loan-calculator-schema';
import { LoanResults } from './loan-results';

interface Estimate {
  loan: LoanCalculatorValues;
  summary: AmortizationSummary;
}

function estimate(input: LoanCalculatorInput): Estimate | null {
  const parsed = loanCalculatorSchema.safeParse(input);
  if (!parsed.success) return null;
  const loan = parsed.data;
  return { loan, summary: amortizationSummary(loan.principalCents, loan.rateBasisPoints, loan.months) };
}

const stripPercent = (rate: string) => rate.replace(/\s*%$/, '');

/** Monthly payment, interest and totals for a fixed-rate loan, computed exactly in cents. */
export function LoanCalculator() {
  const { rates } = useSite();
  const presets: Array<{ label: string; values: LoanCalculatorInput }> = [
    {
      label: 'Personal loan',
      values: { amount: '10000', rate: stripPercent(rates.personalLoanFrom), term: '5', termUnit: 'years' },
    },
    {
      label: 'Auto loan',
      values: { amount: '30000', rate: stripPercent(rates.autoLoanFrom), term: '72', termUnit: 'months' },
    },
    {
      label: 'Mortgage',
      values: { amount: '300000', rate: stripPercent(rates.mortgageFrom), term: '30', termUnit: 'years' },
    },
  ];
  const defaults = presets[0]?.values ?? { amount: '10000', rate: '5.99', term: '5', termUnit: 'years' };

  const [result, setResult] = useState<Estimate | null>(() => estimate(defaults));
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<LoanCalculatorInput, unknown, LoanCalculatorValues>({
    resolver: zodResolver(loanCalculatorSchema),
    defaultValues: defaults,
  });

  const onCalculate = (loan: LoanCalculatorValues) =>
    setResult({ loan, summary: amortizationSummary(loan.principalCents, loan.rateBasisPoints, loan.months) });

  const applyPreset = (values: LoanCalculatorInput) => {
    reset(values);
    setResult(estimate(values));
  };

  const amountError = errors.amount?.message;
  const rateError = errors.rate?.message;
  const termError = errors.term?.message;

  return (
    <div
      className={[
        'grid grid-cols-[minmax(0,1fr)] overflow-hidden rounded-2xl border',
        'border-slate-200 shadow-sm lg:grid-cols-5',
      ].join(' ')}
    >
      <section aria-labelledby="loan-details" className="min-w-0 bg-white p-5 sm:p-8 lg:col-span-3">
        <h2 id="loan-details" className="text-xl font-bold text-slate-900">
          Loan details
        </h2>
        <div className="mt-4 flex flex-wrap items-center gap-2" role="group" aria-label="Start from one of our rates">
          <span className="text-sm text-slate-600">Start from:</span>
          {presets.map((preset) => (
            <Button key={preset.label} variant="outline" size="sm" onClick={() => applyPreset(preset.values)}>
              {preset.label} · {preset.values.rate}%
            </Button>
          ))}
        </div>

        <form
          noValidate
          // Figures that do not make a loan leave no estimate on show: an earlier one would read as theirs.
          onSubmit={(event) => void handleSubmit(onCalculate, () => setResult(null))(event)}
          className="mt-6 space-y-5"
        >
          <FormField id="loan-amount" label="Loan amount" error={amountError}>
            <div className="relative">
              <span
                className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-slate-600"
                aria-hidden="true"
              >
                $
              </span>
              <input
                {...controlProps('loan-amount', { error: amountError }, 'pl-7!')}
                {...register('amount')}
                inputMode="decimal"
                autoComplete="off"
              />
            </div>
          </FormField>
          <FormField id="loan-rate" label="Interest rate (APR)" error={rateError}>
            <div className="relative">
              <input
                {...controlProps('loan-rate', { error: rateError }, 'pr-9!')}
                {...register('rate')}
                inputMode="decimal"
                autoComplete="off"
              />
              <span
                className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-slate-600"
                aria-hidden="true"
              >
                %
              </span>
            </div>
          </FormField>
          <FormField id="loan-term" label="Loan term" error={termError}>
            <div className="flex gap-3">
              <input
                {...controlProps('loan-term', { error: termError })}
                {...register('term')}
                inputMode="numeric"
                autoComplete="off"
              />
              <label htmlFor="loan-term-unit" className="sr-only">
                Term unit
              </label>
              <select {...controlProps('loan-term-unit', {}, 'w-auto! shrink-0')} {...register('termUnit')}>
                <ChoiceOptions
                  choices={termUnits.map((unit) => ({ value: unit, label: unit === 'years' ? 'Years' : 'Months' }))}
                />
              </select>
            </div>
          </FormField>
          <Button icon={Calculator} type="submit" size="lg" className="w-full sm:w-auto">
            Calculate
          </Button>
        </form>
      </section>

      <section aria-labelledby="loan-estimate" className="min-w-0 bg-brand-soft p-5 sm:p-8 lg:col-span-2">
        <h2 id="loan-estimate" className="text-xl font-bold text-slate-900">
          Your estimate
        </h2>
        <p className="sr-only" aria-live="polite">
          {result ? `Monthly payment ${formatMoney(result.summary.monthlyPaymentCents)}` : ''}
        </p>
        <div className="mt-4">
          {result ? (
            <LoanResults loan={result.loan} summary={result.summary} />
          ) : (
            <p className="text-slate-700">Enter a loan amount, a rate and a term, then select Calculate.</p>
          )}
        </div>
      </section>
    </div>
  );
}
