import { type CreateUserInput, type UserSummary, createUserSchema, messages } from '@mutual/shared';
import { type ChangeEvent, useId } from 'react';
import { type FieldErrors, type FieldPath, type UseFormRegisterReturn, get, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog, type DialogControlProps, DialogFooter } from '../../components/dialog';
import { FormField, controlProps } from '../../components/form-field';
import { ApiRequestError } from '../../lib/api';
import { applyFieldErrors, fieldErrors, hasCode } from '../../lib/api-errors';
import { useApiForm } from '../../lib/use-api-form';
import { useCreateUser } from './admin-api';

type CreateUser = z.output<typeof createUserSchema>;
type Path = FieldPath<CreateUserInput>;

const textFields = [
  'name',
  'email',
  'phone',
  'password',
  'role',
  'address.street',
  'address.city',
  'address.state',
  'address.zipCode',
  'jointAccountHolder.name',
  'jointAccountHolder.email',
  'jointAccountHolder.phone',
  'checkingBalance',
  'savingsBalance',
] as const satisfies readonly Path[];
type TextField = (typeof textFields)[number];
const isTextField = (key: string): key is TextField => (textFields as readonly string[]).includes(key);

const defaultValues: CreateUserInput = {
  name: '',
  email: '',
  phone: '',
  password: '',
  role: 'user',
  address: { street: '', city: '', state: '', zipCode: '' },
  isJointAccount: false,
  jointAccountHolder: { name: '', email: '', phone: '' },
  checkingBalance: '0.00',
  savingsBalance: '0.00',
};

function errorAt(errors: FieldErrors<CreateUserInput>, path: TextField): string | undefined {
  const error: unknown = get(errors, path);
  return error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
    ? error.message
    : undefined;
}

/** "Failed to create user: {reason}" (spec §8), with the server's reason when it gave one. */
function createFailure(error: unknown): string {
  const text = error instanceof ApiRequestError && error.status < 500 ? error.body.message : '';
  if (!text) return messages.admin.createUserFailed(messages.generic.internal);
  return text.startsWith(messages.admin.createUserFailed('')) ? text : messages.admin.createUserFailed(text);
}

/** A refusal of what was typed, which the fields it names say (under them) without a sentence above. */
const isAboutFields = (error: unknown) =>
  hasCode(error, 'VALIDATION_FAILED') && fieldErrors(error).some(([key]) => isTextField(key));

/** Create New User modal (spec §2, §5): staff-created users are active at once. */
export function CreateUserDialog({
  open,
  onOpenChange,
  onCreated,
}: DialogControlProps & {
  onCreated: (user: UserSummary) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create New User"
      size="lg"
      description="The account is active at once. Staff-created members skip the application review."
    >
      <CreateUserForm onCancel={() => onOpenChange(false)} onCreated={onCreated} />
    </Dialog>
  );
}

function CreateUserForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (user: UserSummary) => void }) {
  const formId = useId();
  const create = useCreateUser();
  const { form, formProps, formError, setFormError, submitting } = useApiForm<CreateUserInput, CreateUser>({
    schema: createUserSchema,
    defaultValues,
    fields: textFields,
    submit: async (values) => {
      const { checkingBalance, savingsBalance, ...rest } = values;
      // Only a member (role user) has accounts to open with money in them.
      const body = {
        ...rest,
        jointAccountHolder: values.isJointAccount ? values.jointAccountHolder : null,
        ...(values.role === 'user' && { checkingBalance, savingsBalance }),
      };
      // The console's lists are refreshed as soon as the person exists.
      const result = await create.mutateAsync(body);
      onCreated(result.user);
    },
    // A refusal that is not about the form's contents (e.g. the e-mail is taken) is also said in full.
    onError: (error, { setError }): boolean => {
      if (isAboutFields(error)) return false;
      applyFieldErrors(fieldErrors(error), textFields, setError);
      setFormError(createFailure(error));
      return true;
    },
  });
  const {
    register,
    control,
    setValue,
    clearErrors,
    formState: { errors },
  } = form;
  const joint = useWatch({ control, name: 'isJointAccount' });
  const role = useWatch({ control, name: 'role' });
  const roleField = register('role', {
    // Staff have no accounts: a joint holder or balances typed for a member go with the choice of
    // Admin (the API refuses them for staff), rather than wait unseen to stop the submit.
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      if (event.target.value !== 'admin') return;
      setValue('isJointAccount', false);
      setValue('jointAccountHolder', defaultValues.jointAccountHolder);
      setValue('checkingBalance', defaultValues.checkingBalance);
      setValue('savingsBalance', defaultValues.savingsBalance);
      clearErrors(['jointAccountHolder', 'checkingBalance', 'savingsBalance']);
    },
  });

  const field = (path: TextField, label: string, input: InputOptions) => (
    <TextInput
      key={path}
      path={path}
      label={label}
      error={errorAt(errors, path)}
      registration={register(path)}
      {...input}
    />
  );
  const roleHint =
    role === 'admin'
      ? 'Admins have full access to this console. Staff have no accounts: no opening balances, no joint holder.'
      : undefined;

  return (
    <form {...formProps} id={formId} className="space-y-6">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-slate-900">Account</legend>
        {field('name', 'Name', { maxLength: 120, span: 'sm:col-span-2' })}
        {field('email', 'Email', { type: 'email', maxLength: 254 })}
        {field('phone', 'Phone', { type: 'tel', maxLength: 30 })}
        {field('password', 'Password', passwordInput)}
        <FormField id="create-role" label="Role" error={errors.role?.message} hint={roleHint}>
          <select
            {...controlProps('create-role', { error: errors.role?.message, hint: roleHint })}
            {...roleField}
            aria-required="true"
          >
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </select>
        </FormField>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-3 text-sm font-semibold text-slate-900">Address</legend>
        {field('address.street', 'Street', { maxLength: 200, span: 'sm:col-span-3' })}
        {field('address.city', 'City', { maxLength: 100 })}
        {field('address.state', 'State', { maxLength: 100 })}
        {field('address.zipCode', 'ZIP code', { maxLength: 20, inputMode: 'numeric' })}
      </fieldset>

      {/* Only a member (role User) has accounts: staff get neither opening balances nor a joint holder. */}
      {role === 'user' && (
        <>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-semibold text-slate-900">Opening balances</legend>
            <p className="text-sm text-slate-600 sm:col-span-2">
              Posted to the new Checking and Savings accounts as opening deposits.
            </p>
            {field('checkingBalance', 'Checking balance', moneyInput)}
            {field('savingsBalance', 'Savings balance', moneyInput)}
          </fieldset>

          <fieldset className="space-y-4">
            <legend className="sr-only">Joint account</legend>
            <label className="flex w-fit cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                {...register('isJointAccount')}
                aria-controls={joint ? 'create-joint-fields' : undefined}
                className="h-4 w-4 accent-brand"
              />
              Joint account
            </label>
            {joint && (
              <div
                id="create-joint-fields"
                className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
              >
                {field('jointAccountHolder.name', 'Joint holder name', { maxLength: 120, span: 'sm:col-span-2' })}
                {field('jointAccountHolder.email', 'Joint holder email', { type: 'email', maxLength: 254 })}
                {field('jointAccountHolder.phone', 'Joint holder phone', { type: 'tel', maxLength: 30 })}
              </div>
            )}
          </fieldset>
        </>
      )}

      {/* Pinned under the fields (the dialog's footer): the form is longer than most screens. */}
      <DialogFooter>
        <div className="space-y-4">
          {formError && <Alert tone="error">{formError}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" form={formId} busy={submitting}>
              {submitting ? 'Creating...' : 'Create User'}
            </Button>
          </div>
        </div>
      </DialogFooter>
    </form>
  );
}

const passwordInput: InputOptions = {
  type: 'password',
  autoComplete: 'new-password',
  maxLength: 128,
  hint: 'At least 8 characters.',
};

/** Spec §5 Admin: balances min 0, step 0.01. */
const moneyInput: InputOptions = { type: 'number', min: '0', step: '0.01', inputMode: 'decimal' };

/** A text box by default, without the browser's autofill (staff type someone else's details). */
interface InputOptions {
  type?: 'text' | 'email' | 'tel' | 'password' | 'number';
  autoComplete?: string;
  maxLength?: number;
  min?: string;
  step?: string;
  inputMode?: 'numeric' | 'decimal';
  hint?: string;
  /** Grid columns the field spans where there are several. */
  span?: string;
}

function TextInput({
  path,
  label,
  error,
  registration,
  hint,
  span = '',
  type = 'text',
  autoComplete = 'off',
  ...input
}: InputOptions & { path: TextField; label: string; error?: string; registration: UseFormRegisterReturn }) {
  const id = `create-${path.replace('.', '-')}`;
  return (
    <div className={span}>
      <FormField id={id} label={label} error={error} hint={hint}>
        <input
          {...controlProps(id, { error, hint })}
          {...registration}
          {...input}
          type={type}
          autoComplete={autoComplete}
          aria-required="true"
        />
      </FormField>
    </div>
  );
}
