import { zodResolver } from '@hookform/resolvers/zod';
import { type Me, type ProfileUpdate, messages, profileUpdateSchema } from '@mutual/shared';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormField, controlProps } from '../../components/form-field';
import { ApiRequestError, api } from '../../lib/api';
import { useApplyMe } from './me-query';
import { errorMessage } from '../../lib/api-errors';

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
const isFieldPath = (key: string): key is (typeof fieldPaths)[number] =>
  (fieldPaths as readonly string[]).includes(key);

function valuesOf(me: Me): ProfileInput {
  const { street, city, state, postalCode, country } = me.address;
  return { name: me.name, phone: me.phone, address: { street, city, state, postalCode, country } };
}

/** Spec §2: the e-mail is shown read-only. */
export const emailHint = 'Your sign-in email cannot be changed here. Please contact us to change it.';

type Outcome = { tone: 'success' | 'error'; text: string };

/** Name, phone and address; validated with the schema the API uses (`PATCH /api/me/profile`). */
export function ProfileForm({ me, onCancel }: { me: Me; onCancel: () => void }) {
  const applyMe = useApplyMe();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: valuesOf(me),
  });

  const onSubmit = async (values: ProfileUpdate) => {
    setOutcome(null);
    try {
      const result = await api<{ me: Me; message: string }>('/api/me/profile', { method: 'PATCH', body: values });
      reset(valuesOf(result.me));
      await applyMe(result.me);
      setOutcome({ tone: 'success', text: result.message || messages.profile.updated });
    } catch (error) {
      const fields =
        error instanceof ApiRequestError
          ? Object.entries(error.body.fields ?? {}).filter(([key]) => isFieldPath(key))
          : [];
      fields.forEach(([key, message], index) => {
        if (isFieldPath(key)) setError(key, { type: 'server', message }, { shouldFocus: index === 0 });
      });
      setOutcome({
        tone: 'error',
        text: fields.length ? messages.profile.updateFailed : errorMessage(error, messages.profile.updateFailed),
      });
    }
  };

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
      <FormField id={id} label={label} error={error}>
        <input
          {...controlProps(id, { error })}
          {...register(path)}
          type={path === 'phone' ? 'tel' : 'text'}
          autoComplete={autoComplete}
          aria-required="true"
        />
      </FormField>
    </div>
  );

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('name', 'profile-name', 'Name', errors.name?.message, 'name')}
        {field('phone', 'profile-phone', 'Phone', errors.phone?.message, 'tel')}
        <div className="sm:col-span-2">
          <FormField id="profile-email" label="Email" hint={emailHint}>
            <input
              {...controlProps('profile-email', { hint: emailHint }, 'bg-slate-50 text-slate-700')}
              value={me.email}
              readOnly
              type="email"
            />
          </FormField>
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
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Close
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
