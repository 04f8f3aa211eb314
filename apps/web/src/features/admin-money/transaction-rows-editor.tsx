import {
  type AddTransactionsInput,
  STAFF_TRANSACTIONS_MAX,
  type StaffRowDays,
  accountTypes,
  addTransactionsSchema,
  messages,
  staffHistoryStart,
  staffRowDateProblem,
  transactionCategories,
  transactionTypes,
  transferStatuses,
} from '@mutual/shared';
import { Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { type FieldErrors, type UseFormRegisterReturn, useFieldArray } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ChoiceOptions } from '../../components/choice-options';
import { FieldError, controlProps } from '../../components/form-field';
import { ApiRequestError } from '../../lib/api';
import { dateTimeFormat, localDay } from '../../lib/format-date';
import { errorMessage, fieldErrors } from '../../lib/api-errors';
import { useApiForm } from '../../lib/use-api-form';
import { useAddTransactions } from './money-api';
import {
  addFailure,
  columnLabels,
  emptyRow,
  failedRowNumber,
  moneyInputProps,
  randomKey,
  rowFieldPath,
  typeLabels,
} from './staff-rows';

type AddTransactions = z.output<typeof addTransactionsSchema>;
type RowErrors = NonNullable<FieldErrors<AddTransactionsInput>['rows']>[number];

/**
 * The days a row may be dated, now (`StaffRowDays`): today and the time now on the display clock,
 * which is the credit union's (`TIME_ZONE`), as the server counts them.
 */
function rowDays(): StaffRowDays {
  const now = new Date();
  return {
    today: localDay(now),
    timeNow: dateTimeFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now),
  };
}

/**
 * The API's schema, and the date rule the API applies too (`staffRowDateProblem`: not in the
 * future, not before `staffHistoryStart`), under each row's date.
 */
const rowsSchema = addTransactionsSchema.superRefine((value, ctx) => {
  // Worked out as the form is checked: "today" moves on while the dialog is open.
  const days = rowDays();
  value.rows.forEach((row, index) => {
    const problem = staffRowDateProblem(row, days);
    if (problem) ctx.addIssue({ code: 'custom', path: ['rows', index, 'date'], message: problem });
  });
});

/** Refusals after which nothing was posted: the next attempt is a new batch with a new key. */
const finalRefusals = new Set([400, 403, 404, 409, 422, 429]);

/**
 * Staff type transactions row by row (spec §5: every field required; at least one row always
 * remains). All rows post together or none do. The idempotency key belongs to one batch: kept for
 * a retry of the same rows (a double click, a lost answer), replaced once they change or post.
 * Each row is dated within the history window up to today (the date box's min and max).
 */
export function TransactionRowsEditor({ userId, onPosted }: { userId: string; onPosted: (message: string) => void }) {
  const key = useRef<{ body: string; value: string } | null>(null);
  const add = useAddTransactions(userId);
  const [failure, setFailure] = useState<string | null>(null);
  const [failedRow, setFailedRow] = useState<number | null>(null);
  const { form, formProps, submitting } = useApiForm<AddTransactionsInput, AddTransactions>({
    schema: rowsSchema,
    defaultValues: { rows: [emptyRow] },
    submit: async (values) => {
      setFailure(null);
      setFailedRow(null);
      const fingerprint = JSON.stringify(values);
      const current = key.current?.body === fingerprint ? key.current : { body: fingerprint, value: randomKey() };
      key.current = current;
      const { result } = await add.mutateAsync({ body: values, key: current.value });
      key.current = null;
      form.reset({ rows: [emptyRow] });
      onPosted(result.message || messages.admin.transactionsAdded);
    },
    // Every refusal says "Failed to add transactions: …" and points at the row it names.
    onError: (error, { setError }) => {
      if (error instanceof ApiRequestError && finalRefusals.has(error.status)) key.current = null;
      for (const [path, message] of fieldErrors(error)) {
        const at = rowFieldPath(path);
        if (at) setError(`rows.${at[0]}.${at[1]}`, { type: 'server', message });
      }
      const message = addFailure(errorMessage(error, messages.generic.internal));
      setFailure(message);
      setFailedRow(failedRowNumber(message));
      return true;
    },
  });
  const {
    register,
    control,
    getValues,
    formState: { errors },
  } = form;
  const rows = useFieldArray({ control, name: 'rows' });
  const { today } = rowDays();
  /** The date box's range: the history window's first day to today. */
  const dateRange = { min: staffHistoryStart(today), max: today };

  const addRow = () => {
    // The next row usually shares the account, day and status: keep those, ask for the rest.
    const last = getValues('rows').at(-1) ?? emptyRow;
    rows.append({ ...emptyRow, account: last.account, date: last.date, time: last.time, status: last.status });
  };

  const listError = errors.rows?.root?.message ?? errors.rows?.message;
  return (
    <form {...formProps} className="space-y-4" aria-label="Add transactions by rows">
      <ol className="space-y-3">
        {rows.fields.map((field, index) => (
          <li key={field.id}>
            <RowFields
              number={index + 1}
              idBase={`add-row-${field.id}`}
              errors={errors.rows?.[index]}
              dateRange={dateRange}
              failed={failedRow === index + 1}
              register={(name) => register(`rows.${index}.${name}`)}
              onRemove={
                rows.fields.length > 1
                  ? () => {
                      setFailedRow(null);
                      rows.remove(index);
                    }
                  : undefined
              }
            />
          </li>
        ))}
      </ol>
      <FieldError id="add-rows" error={listError} />
      <Button variant="outline" size="sm" onClick={addRow} disabled={rows.fields.length >= STAFF_TRANSACTIONS_MAX}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add row
      </Button>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Button type="submit" busy={submitting}>
          {submitting
            ? 'Adding...'
            : rows.fields.length === 1
              ? 'Add transaction'
              : `Add ${rows.fields.length} transactions`}
        </Button>
      </div>
    </form>
  );
}

type RowField = keyof typeof columnLabels;

function RowFields({
  number,
  idBase,
  errors,
  dateRange,
  failed,
  register,
  onRemove,
}: {
  number: number;
  idBase: string;
  errors: RowErrors | undefined;
  /** The first and last day the row may be dated (YYYY-MM-DD). */
  dateRange: { min: string; max: string };
  failed: boolean;
  register: (name: RowField) => UseFormRegisterReturn;
  /** Absent for the last remaining row: at least one row always remains. */
  onRemove?: () => void;
}) {
  const cell = (name: RowField, control: (props: ReturnType<typeof controlProps>) => ReactNode, span = '') => {
    const id = `${idBase}-${name}`;
    const error = errors?.[name]?.message;
    return (
      <div className={`min-w-0 ${span}`}>
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-800">
          {columnLabels[name]}
        </label>
        {control(controlProps(id, { error }, 'py-2!'))}
        <FieldError id={id} error={error} />
      </div>
    );
  };
  /** A cell whose control is a select among `options`, shown as `labelOf` says. */
  const selectCell = <T extends string>(
    name: RowField,
    options: readonly T[],
    {
      labelOf = (option: T): string => option,
      placeholder,
    }: { labelOf?: (option: T) => string; placeholder?: string } = {},
  ) =>
    cell(name, (props) => (
      <select {...props} {...register(name)} aria-required="true">
        <ChoiceOptions
          placeholder={placeholder}
          choices={options.map((option) => ({ value: option, label: labelOf(option) }))}
        />
      </select>
    ));
  // Narrow padding: a phone's half-width column must still show all of "mm/dd/yyyy".
  const narrowInputCell = (name: RowField, type: 'date' | 'time', range: { min?: string; max?: string } = {}) =>
    cell(name, (props) => (
      <input
        {...props}
        className={`${props.className} px-2!`}
        {...register(name)}
        type={type}
        {...range}
        aria-required="true"
      />
    ));
  const titleId = `${idBase}-title`;
  const tone = failed ? 'border-red-400 bg-red-50 ring-2 ring-red-300' : 'border-slate-200 bg-slate-50';
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      aria-describedby={failed ? `${idBase}-refused` : undefined}
      data-testid="transaction-row-editor"
      className={`rounded-xl border p-3 sm:p-4 ${tone}`}
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <p className="text-sm">
          <span id={titleId} className="font-semibold text-slate-900">
            Row {number}
          </span>
          {failed && (
            <span id={`${idBase}-refused`} className="ml-2 text-xs font-medium text-red-800">
              Refused: see the message below
            </span>
          )}
        </p>
        <Button
          icon={Trash2}
          variant="ghost"
          size="sm"
          onClick={onRemove}
          disabled={!onRemove}
          aria-label={`Remove row ${number}`}
        >
          <span className="hidden sm:inline">Remove</span>
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {selectCell('account', accountTypes)}
        {selectCell('type', transactionTypes, { labelOf: (type) => typeLabels[type] })}
        {cell('amount', (props) => (
          <input {...props} {...register('amount')} {...moneyInputProps} min="0.01" />
        ))}
        {selectCell('status', transferStatuses)}
        {cell(
          'description',
          (props) => (
            <input
              {...props}
              {...register('description')}
              type="text"
              maxLength={140}
              autoComplete="off"
              aria-required="true"
            />
          ),
          'col-span-2',
        )}
        {selectCell('category', transactionCategories, { placeholder: 'Choose…' })}
        {narrowInputCell('date', 'date', dateRange)}
        {narrowInputCell('time', 'time')}
      </div>
    </div>
  );
}
