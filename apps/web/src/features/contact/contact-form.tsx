import {
  type ContactMessage,
  type ContactMessageInput,
  contactLimits,
  contactMessageSchema,
  contactSubjectLabels,
  contactSubjects,
  messages,
  preferredContactMethods,
} from '@mutual/shared';
import { CircleAlert, CircleCheck, Send } from 'lucide-react';
import { useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import { Button } from '../../components/button';
import { ChoiceOptions } from '../../components/choice-options';
import { FieldError, FormField, controlProps } from '../../components/form-field';
import { ApiRequestError } from '../../lib/api';
import { useApiForm } from '../../lib/use-api-form';
import { useSendContactMessage } from './contact-api';

const preferredContactLabels: Record<(typeof preferredContactMethods)[number], string> = {
  email: 'Email',
  phone: 'Phone',
};

const fieldNames = ['name', 'email', 'phone', 'subject', 'message', 'preferredContact'] as const;

// No subject until the visitor picks one: the select shows its placeholder.
const defaultValues = {
  name: '',
  email: '',
  phone: '',
  message: '',
  preferredContact: 'email',
} satisfies DefaultValues<ContactMessageInput>;

/** The one-line boxes, in screen order. */
const textFields: {
  name: 'name' | 'email' | 'phone';
  label: string;
  type: string;
  autoComplete: string;
  optional?: boolean;
}[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', optional: true },
];

const messageHint = 'Please do not include passwords, sign-in codes or full card numbers.';

/**
 * The public contact form. It validates with the very schema the API uses, so the visitor sees
 * the same words whichever side catches a problem; server field errors land on the same fields.
 */
export function ContactForm() {
  const [sent, setSent] = useState<string | null>(null);
  const { mutateAsync: send } = useSendContactMessage();
  const { form, formProps, formError, setFormError, submitting } = useApiForm<ContactMessageInput, ContactMessage>({
    schema: contactMessageSchema,
    defaultValues,
    fields: fieldNames,
    fallback: messages.contact.failed,
    submit: async (values) => {
      setSent(null);
      const receipt = await send(values);
      form.reset();
      setSent(receipt.message);
    },
    onError: (error) => {
      // This route's own sentence is shown even when the server broke.
      if (!(error instanceof ApiRequestError) || error.status < 500) return false;
      setFormError(error.body.message || messages.contact.failed);
      return true;
    },
  });
  const { errors } = form.formState;

  const fieldErrors = {
    name: errors.name?.message,
    email: errors.email?.message,
    phone: errors.phone?.message,
    subject: errors.subject?.message,
    message: errors.message?.message,
    preferredContact: errors.preferredContact?.message,
  };

  return (
    <div>
      <form {...formProps} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          {textFields.map(({ name, label, type, autoComplete, optional = false }) => (
            <FormField key={name} id={`contact-${name}`} label={label} optional={optional} error={fieldErrors[name]}>
              <input
                {...controlProps(`contact-${name}`, { error: fieldErrors[name] })}
                {...form.register(name)}
                type={type}
                autoComplete={autoComplete}
                maxLength={contactLimits[name]}
                aria-required={optional ? undefined : 'true'}
              />
            </FormField>
          ))}
          <FormField id="contact-subject" label="Subject" error={fieldErrors.subject}>
            <select
              {...controlProps('contact-subject', { error: fieldErrors.subject })}
              {...form.register('subject')}
              aria-required="true"
            >
              <ChoiceOptions
                placeholder="Choose a subject…"
                choices={contactSubjects.map((value) => ({ value, label: contactSubjectLabels[value] }))}
              />
            </select>
          </FormField>
        </div>

        <FormField id="contact-message" label="Message" error={fieldErrors.message} hint={messageHint}>
          <textarea
            {...controlProps('contact-message', { error: fieldErrors.message, hint: messageHint })}
            {...form.register('message')}
            rows={6}
            maxLength={contactLimits.message}
            aria-required="true"
          />
        </FormField>

        <fieldset aria-describedby={fieldErrors.preferredContact ? 'contact-preferred-error' : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-800">Preferred contact</legend>
          <div className="flex flex-wrap gap-3">
            {preferredContactMethods.map((method) => (
              <label
                key={method}
                className={
                  'flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 py-2.5 text-sm ' +
                  'text-slate-800 has-checked:border-brand has-checked:bg-brand-soft'
                }
              >
                <input
                  type="radio"
                  value={method}
                  {...form.register('preferredContact')}
                  className="h-4 w-4 accent-brand"
                />
                {preferredContactLabels[method]}
              </label>
            ))}
          </div>
          <FieldError id="contact-preferred" error={fieldErrors.preferredContact} />
        </fieldset>

        {/* Next to the button, so the outcome is in view wherever the visitor submitted from. */}
        <div role="status" aria-live="polite">
          {sent && (
            <div className="flex gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
              <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden="true" />
              <div>
                <p className="font-semibold">Message sent</p>
                <p className="mt-1 text-sm">{sent}</p>
              </div>
            </div>
          )}
        </div>
        {formError && (
          <div role="alert" className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
            <CircleAlert className="mt-0.5 h-5 w-5 shrink-0 text-red-700" aria-hidden="true" />
            <p className="text-sm">{formError}</p>
          </div>
        )}

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">All fields are required unless marked optional.</p>
          <Button type="submit" size="lg" busy={submitting} className="w-full sm:w-auto">
            <Send className="h-4 w-4" aria-hidden="true" />
            {submitting ? 'Sending...' : 'Send Message'}
          </Button>
        </div>
      </form>
    </div>
  );
}
