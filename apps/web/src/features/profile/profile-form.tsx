import { type Me, type ProfileUpdate, messages, profileUpdateSchema } from '@mutual/shared';
import { useCallback, useId } from 'react';
import type { FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { DialogFooter } from '../../components/dialog';
import { useApiForm } from '../../lib/use-api-form';
import { useClearOnEdit } from '../../lib/use-clear-on-edit';
import { FormActions } from './form-actions';
import { InputField } from './input-field';
import { OutcomeAlert, formOutcome } from './outcome';
import { useUpdateProfile } from './profile-api';
import { useMeSave } from './use-me-save';

type ProfileInput = z.input<typeof profileUpdateSchema>;

const fieldPaths = [
  'name',
  'phone',
  'address.street',
  'address.city',
  'address.state',
  'address.postalCode',
  'address.country',
] as const;

function valuesOf(me: Me): ProfileInput {
  const { street, city, state, postalCode, country } = me.address;
  return { name: me.name, phone: me.phone, address: { street, city, state, postalCode, country } };
}

/** Spec §2: the e-mail is shown read-only. */
export const emailHint = 'Your sign-in email cannot be changed here. Please contact us to change it.';

/** The sign-in e-mail, shown read-only with `emailHint` (Profile Settings and the password form). */
export function SignInEmailField({ id, email, autoComplete }: { id: string; email: string; autoComplete?: string }) {
  return (
    <InputField
      id={id}
      label="Email"
      hint={emailHint}
      value={email}
      readOnly
      type="email"
      autoComplete={autoComplete}
    />
  );
}

/** Name, phone and address; validated with the schema the API uses (`meApi.updateProfile`). */
export function ProfileForm({ me, onCancel }: { me: Me; onCancel: () => void }) {
  const formId = useId();
  const updateProfile = useUpdateProfile();
  const { saved, setSaved, save } = useMeSave(updateProfile.mutateAsync, messages.profile.updated);
  const { form, formProps, formError, submitting } = useApiForm<ProfileInput, ProfileUpdate>({
    schema: profileUpdateSchema,
    defaultValues: valuesOf(me),
    fields: fieldPaths,
    fallback: messages.profile.updateFailed,
    fieldsFailure: messages.profile.updateFailed,
    submit: (values) => save(values, (stored) => form.reset(valuesOf(stored))),
  });
  // "Profile updated successfully" is about the last save, not the edit being typed.
  const clearSaved = useCallback(() => setSaved(null), [setSaved]);
  useClearOnEdit(form, clearSaved);
  const {
    register,
    formState: { errors },
  } = form;

  const a = errors.address;
  const field = (
    path: FieldPath<ProfileInput>,
    id: string,
    label: string,
    error: string | undefined,
    autoComplete: string,
    wide = false,
  ) => (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <InputField
        id={id}
        label={label}
        error={error}
        {...register(path)}
        type={path === 'phone' ? 'tel' : 'text'}
        autoComplete={autoComplete}
        aria-required="true"
      />
    </div>
  );

  return (
    <form {...formProps} id={formId} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('name', 'profile-name', 'Name', errors.name?.message, 'name')}
        {field('phone', 'profile-phone', 'Phone', errors.phone?.message, 'tel')}
        <div className="sm:col-span-2">
          <SignInEmailField id="profile-email" email={me.email} />
        </div>
      </div>
      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-semibold text-slate-900">Address</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('address.street', 'profile-street', 'Street', a?.street?.message, 'street-address', true)}
          {field('address.city', 'profile-city', 'City', a?.city?.message, 'address-level2')}
          {field('address.state', 'profile-state', 'State', a?.state?.message, 'address-level1')}
          {field('address.postalCode', 'profile-postal-code', 'Postal code', a?.postalCode?.message, 'postal-code')}
          {field('address.country', 'profile-country', 'Country', a?.country?.message, 'country-name')}
        </div>
      </fieldset>
      {/* In Profile Settings, pinned under the fields: the buttons, and what pressing one did, stay in view. */}
      <DialogFooter>
        <div className="space-y-4">
          <OutcomeAlert outcome={formOutcome(formError, saved)} />
          <FormActions
            form={formId}
            onCancel={onCancel}
            cancelLabel="Close"
            submitting={submitting}
            submitLabel="Save changes"
            busyLabel="Saving…"
          />
        </div>
      </DialogFooter>
    </form>
  );
}
