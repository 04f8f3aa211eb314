import { zodResolver } from '@hookform/resolvers/zod';
import { type BaseSyntheticEvent, type FormEvent, useState } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type SubmitErrorHandler,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiRequestError } from './api';
import { applyFieldErrors, errorMessage, formWide } from './api-errors';

export interface UseApiFormOptions<TInput extends FieldValues, TOutput extends FieldValues> extends Omit<
  UseFormProps<TInput, unknown, TOutput>,
  'resolver'
> {
  /** Validates in the browser; usually the schema the API itself uses. */
  schema: z.ZodType<TOutput, TInput>;
  /** Sends the valid values. Throwing (an `ApiRequestError`, say) is how it reports a refusal. */
  submit: (values: TOutput) => Promise<unknown> | unknown;
  /**
   * The server field keys this form shows under a field (dotted: `address.city`). Every path in
   * the form's values when left out; a key no field shows goes to `formError`.
   */
  fields?: readonly Path<TInput>[];
  /** The form-level sentence when the server broke or did not explain itself. */
  fallback?: string;
  /** A form-level sentence shown as well when the messages went under fields ("Could not save"). */
  fieldsFailure?: string;
  /**
   * The spec's one sentence for the whole form when fields are left empty ("Please fill in all
   * fields"): said once, in `formError`, however many fields it is about (the schema's or the
   * server's); each of them is marked invalid (red, `aria-invalid`, the first focused) with nothing
   * under it (`formWide`). Left out, every message goes under its field.
   */
  requiredMessage?: string;
  /** Maps a server field key to the form's (`transfer.amount` → `amount`). */
  renameField?: (key: string) => string;
  /**
   * Server keys shown outside react-hook-form (a file input): each gets its message, and `focus`
   * when no field before it took the focus.
   */
  otherFields?: Record<string, (message: string, focus: boolean) => void>;
  /** A form error to show from the start ("Your code expired: sign in again"). */
  initialFormError?: string | null;
  /**
   * Sees every failure first; return `true` when the form dealt with it itself (a lock, a 401 that
   * empties the password), and nothing else happens.
   */
  onError?: (error: unknown, form: UseFormReturn<TInput, unknown, TOutput>) => unknown;
  /** Called when the browser-side validation stops the submit. */
  onInvalid?: SubmitErrorHandler<TInput>;
}

/** What `useApiForm` gives the `<form>` (`formProps`). */
export interface ApiFormProps {
  noValidate: true;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

export interface ApiForm<TInput extends FieldValues, TOutput extends FieldValues> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** Validates, clears `formError`, submits, maps a refusal. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /**
   * For the `<form>`: `<form {...formProps}>`. Submits through `onSubmit`, and turns the browser's
   * own validation off: its bubbles would stop the submit with the browser's words before the
   * schema's messages (the API's, the spec's) could show under the fields.
   */
  formProps: ApiFormProps;
  /**
   * What no field shows, for an `<Alert tone="error">` in the form; null when there is nothing.
   * The `requiredMessage` while a field is marked with it, before any other.
   */
  formError: string | null;
  setFormError: (message: string | null) => void;
  /**
   * A field's message found after the schema (a holiday, an end date left empty), the field
   * focused; the form's `requiredMessage` goes to `formError` instead, the field marked.
   */
  setFieldError: (name: Path<TInput>, message: string) => void;
  submitting: boolean;
}

/** The paths of the fields a form's errors are about: `amount`, `address.city`, `rows.0.date`. */
function errorPaths(errors: unknown, prefix = ''): string[] {
  if (errors === null || typeof errors !== 'object') return [];
  if ('type' in errors && 'message' in errors) return [prefix];
  return Object.entries(errors).flatMap(([key, value]) =>
    key === 'ref' ? [] : errorPaths(value, prefix ? `${prefix}.${key}` : key),
  );
}

/**
 * The browser-side check stopped a submit: the focus goes to the first field in error in the
 * order the person reads the form (react-hook-form's own choice follows the order the fields
 * registered in, and a hook that registers a field first — the transfer forms' Amount — sent the
 * person past the fields above it). A field in error with no named control in the form (a
 * composite control) falls back to react-hook-form's `setFocus`.
 */
function focusFirstInvalid(event: BaseSyntheticEvent | undefined, errors: unknown, setFocus: (name: string) => void) {
  const paths = errorPaths(errors);
  const formElement: unknown = event?.target;
  const named =
    formElement instanceof HTMLFormElement
      ? paths
          .map((path) => formElement.querySelector<HTMLElement>(`[name="${CSS.escape(path)}"]`))
          .filter((element): element is HTMLElement => element !== null)
      : [];
  const first = named.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
  if (first && named.length === paths.length) first.focus();
  else if (paths[0] !== undefined) setFocus(paths[0]);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

/** A field's error (`{ type, message, ref }`), not an object or array of them. */
const isFieldError = (value: Record<string, unknown>) => typeof value.type === 'string';

/** `errors` with each message that is `requiredMessage` taken off its field (`formWide`). */
function withFormWide(errors: unknown, requiredMessage: string): unknown {
  if (Array.isArray(errors)) return errors.map((entry: unknown) => withFormWide(entry, requiredMessage));
  if (!isPlainObject(errors)) return errors;
  if (isFieldError(errors))
    return typeof errors.message === 'string'
      ? { ...errors, message: formWide(errors.message, requiredMessage) }
      : errors;
  return Object.fromEntries(Object.entries(errors).map(([key, value]) => [key, withFormWide(value, requiredMessage)]));
}

/** Some field is marked with the form's sentence (`formWide`: an error with no message of its own). */
function marksFormWide(errors: unknown): boolean {
  if (Array.isArray(errors)) return errors.some(marksFormWide);
  if (!isPlainObject(errors)) return false;
  if (isFieldError(errors)) return errors.message === '';
  return Object.values(errors).some(marksFormWide);
}

/** Every path in a form's values, objects and array items included: `address`, `address.city`. */
export function valuePaths(values: unknown, prefix = ''): string[] {
  if (values === null || typeof values !== 'object' || values instanceof Date || values instanceof Blob) return [];
  return Object.entries(values).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...valuePaths(value, path)];
  });
}

/**
 * A react-hook-form form validated by a zod schema, whose failed submit lands where the person
 * looks: each of the server's `fields` messages under its field (the first one focused), and the
 * rest in `formError`: the server's `message` when no field took one (or `fallback` when the
 * server broke), else the messages no field shows, after `fieldsFailure` if given.
 */
export function useApiForm<TInput extends FieldValues, TOutput extends FieldValues = TInput>({
  schema,
  submit,
  fields,
  fallback,
  fieldsFailure,
  requiredMessage,
  renameField,
  otherFields = {},
  initialFormError = null,
  onError,
  onInvalid,
  ...useFormOptions
}: UseApiFormOptions<TInput, TOutput>): ApiForm<TInput, TOutput> {
  const schemaResolver = zodResolver(schema) as Resolver<TInput, unknown, TOutput>;
  const resolver: Resolver<TInput, unknown, TOutput> =
    requiredMessage === undefined
      ? schemaResolver
      : async (...args) => {
          const result = await schemaResolver(...args);
          if (Object.keys(result.errors).length === 0) return result;
          return { values: {}, errors: withFormWide(result.errors, requiredMessage) as FieldErrors<TInput> };
        };
  const form = useForm<TInput, unknown, TOutput>({
    // `focusFirstInvalid` instead: react-hook-form would take the order the fields registered in.
    shouldFocusError: false,
    ...useFormOptions,
    resolver,
  });
  const [formError, setFormError] = useState<string | null>(initialFormError);
  // Read while rendering, so the form shows the sentence as fields are marked and drops it once none is.
  const wide = requiredMessage !== undefined && marksFormWide(form.formState.errors) ? requiredMessage : null;
  const shownError = [...new Set([wide, formError])].filter(Boolean).join(' ') || null;

  const fail = (error: unknown) => {
    if (onError?.(error, form) === true) return;
    const entries =
      error instanceof ApiRequestError
        ? Object.entries(error.body.fields ?? {}).map(([key, message]): [string, string] => [
            renameField ? renameField(key) : key,
            message,
          ])
        : [];
    const isOther = ([key]: [string, string]) => Object.hasOwn(otherFields, key);
    const names = fields ?? (valuePaths(form.getValues()) as Path<TInput>[]);
    const own = entries.filter((entry) => !isOther(entry));
    const leftover = applyFieldErrors(own, names, form.setError, requiredMessage);
    const outside = entries.filter(isOther);
    outside.forEach(([key, message], index) =>
      otherFields[key]?.(message, index === 0 && leftover.length === own.length),
    );
    if (leftover.length === own.length && outside.length === 0) {
      setFormError(errorMessage(error, fallback));
      return;
    }
    const rest = [fieldsFailure, ...leftover].filter(Boolean).join(' ');
    setFormError(rest || null);
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        await submit(values);
      } catch (error) {
        fail(error);
      }
    },
    (errors, event) => {
      focusFirstInvalid(event, errors, (name) => form.setFocus(name as Path<TInput>));
      return onInvalid?.(errors, event);
    },
  );

  const setFieldError = (name: Path<TInput>, message: string) =>
    form.setError(name, { type: 'manual', message: formWide(message, requiredMessage) }, { shouldFocus: true });

  const formProps: ApiFormProps = { noValidate: true, onSubmit: (event) => void onSubmit(event) };
  return {
    form,
    onSubmit,
    formProps,
    formError: shownError,
    setFormError,
    setFieldError,
    submitting: form.formState.isSubmitting,
  };
}
