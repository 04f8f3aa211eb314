import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateUserInput, type UserSummary, createUserSchema, messages } from '@mutual/shared';
import { type FieldErrors, type FieldPath, type UseFormRegisterReturn, get, useForm, useWatch } from 'react-hook-form';
import { useState } from 'react';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormField, controlProps } from '../../components/form-field';
import { ApiRequestError, api } from '../../lib/api';
import { useRefreshUsers } from './admin-api';

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
function createFailure(error: ApiRequestError): string {
  const text = error.body.message;
  if (error.status >= 500 || !text) return messages.admin.createUserFailed(messages.generic.internal);
  return text.startsWith(messages.admin.createUserFailed('')) ? text : messages.admin.createUserFailed(text);
}

/** Create New User modal (spec §2, §5): staff-created users are active at once. */
export function CreateUserDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
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
  const refresh = useRefreshUsers();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CreateUserInput, unknown, CreateUser>({ resolver: zodResolver(createUserSchema), defaultValues });
  const joint = useWatch({ control, name: 'isJointAccount' });
  const role = useWatch({ control, name: 'role' });

  const onSubmit = async (values: CreateUser) => {
    setFailure(null);
    try {
      const { checkingBalance, savingsBalance, ...rest } = values;
      // Only a member (role user) has accounts to open with money in them.
      const body = {
        ...rest,
        jointAccountHolder: values.isJointAccount ? values.jointAccountHolder : null,
        ...(values.role === 'user' && { checkingBalance, savingsBalance }),
      };
      const result = await api<{ user: UserSummary; message: string }>('/api/admin/users', { method: 'POST', body });
      void refresh();
      onCreated(result.user);
    } catch (error) {
      if (!(error instanceof ApiRequestError)) {
        setFailure(messages.admin.createUserFailed(messages.generic.internal));
        return;
      }
      const fields = Object.entries(error.body.fields ?? {}).filter(([key]) => isTextField(key));
      fields.forEach(([key, message], index) => {
        if (isTextField(key)) setError(key, { type: 'server', message }, { shouldFocus: index === 0 });
      });
      // A refusal that is not about the form's contents (e.g. the e-mail is taken) is also said in full.
      if (fields.length === 0 || error.body.code !== 'VALIDATION_FAILED') {
        setFailure(createFailure(error));
      }
    }
  };

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
  const roleHint = role === 'admin' ? 'Admins have full access to this console.' : undefined;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-6">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-slate-900">Account</legend>
        {field('name', 'Name', { type: 'text', autoComplete: 'off', maxLength: 120, span: 'sm:col-span-2' })}
        {field('email', 'Email', { type: 'email', autoComplete: 'off', maxLength: 254 })}
        {field('phone', 'Phone', { type: 'tel', autoComplete: 'off', maxLength: 30 })}
        {field('password', 'Password', {
          type: 'password',
          autoComplete: 'new-password',
          maxLength: 128,
          hint: 'At least 8 characters.',
        })}
        <FormField id="create-role" label="Role" error={errors.role?.message} hint={roleHint}>
          <select
            {...controlProps('create-role', { error: errors.role?.message, hint: roleHint })}
            {...register('role')}
            aria-required="true"
          >
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </select>
        </FormField>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-3 text-sm font-semibold text-slate-900">Address</legend>
        {field('address.street', 'Street', {
          type: 'text',
          autoComplete: 'off',
          maxLength: 200,
          span: 'sm:col-span-3',
        })}
        {field('address.city', 'City', { type: 'text', autoComplete: 'off', maxLength: 100 })}
        {field('address.state', 'State', { type: 'text', autoComplete: 'off', maxLength: 100 })}
        {field('address.zipCode', 'ZIP code', {
          type: 'text',
          autoComplete: 'off',
          maxLength: 20,
          inputMode: 'numeric',
        })}
      </fieldset>

      {role === 'user' && (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold text-slate-900">Opening balances</legend>
          <p className="text-sm text-slate-600 sm:col-span-2">
            Posted to the new Checking and Savings accounts as opening deposits.
          </p>
          {field('checkingBalance', 'Checking balance', moneyInput)}
          {field('savingsBalance', 'Savings balance', moneyInput)}
        </fieldset>
      )}

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
            {field('jointAccountHolder.name', 'Joint holder name', {
              type: 'text',
              autoComplete: 'off',
              maxLength: 120,
              span: 'sm:col-span-2',
            })}
            {field('jointAccountHolder.email', 'Joint holder email', {
              type: 'email',
              autoComplete: 'off',
              maxLength: 254,
            })}
            {field('jointAccountHolder.phone', 'Joint holder phone', {
              type: 'tel',
              autoComplete: 'off',
              maxLength: 30,
            })}
          </div>
        )}
      </fieldset>

      {failure && <Alert tone="error">{failure}</Alert>}

      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creating...' : 'Create User'}
        </Button>
      </div>
    </form>
  );
}

/** Spec §5 Admin: balances min 0, step 0.01. */
const moneyInput: InputOptions = { type: 'number', autoComplete: 'off', min: '0', step: '0.01', inputMode: 'decimal' };

interface InputOptions {
  type: 'text' | 'email' | 'tel' | 'password' | 'number';
  autoComplete: string;
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
  ...input
}: InputOptions & { path: TextField; label: string; error?: string; registration: UseFormRegisterReturn }) {
  const id = `create-${path.replace('.', '-')}`;
  return (
    <div className={span}>
      <FormField id={id} label={label} error={error} hint={hint}>
        <input {...controlProps(id, { error, hint })} {...registration} {...input} aria-required="true" />
      </FormField>
    </div>
  );
}
