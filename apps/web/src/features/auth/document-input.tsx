import { ID_DOCUMENT_MAX_BYTES, idDocumentTypes, messages } from '@mutual/shared';
import { FileText } from 'lucide-react';
import type { Ref } from 'react';
import { FieldError, FieldLabel, fieldDescription } from '../../components/form-field';

const r = messages.registration;

/** What is wrong with the chosen document, checked before upload (the server checks the content again). */
export function documentProblem(file: File | null, { required }: { required: boolean }): string | undefined {
  if (!file || file.size === 0) return required ? r.documentRequired : undefined;
  if (!(idDocumentTypes as readonly string[]).includes(file.type)) return r.documentType;
  if (file.size > ID_DOCUMENT_MAX_BYTES) return r.documentTooLarge;
  return undefined;
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A file picker for an image or PDF of a document, with its label, hint, chosen file and error. */
export function DocumentInput({
  id,
  label,
  hint,
  file,
  error,
  optional = false,
  onChange,
  ref,
}: {
  id: string;
  label: string;
  hint: string;
  file: File | null;
  error?: string;
  optional?: boolean;
  onChange: (file: File | null) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  const describedBy = [fieldDescription(id, { hint, error }), file ? `${id}-chosen` : null].filter(Boolean).join(' ');
  return (
    <div>
      <FieldLabel id={id} label={label} optional={optional} />
      <input
        ref={ref}
        id={id}
        type="file"
        accept={idDocumentTypes.join(',')}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        aria-required={optional ? undefined : 'true'}
        className={
          'block w-full scroll-mt-28 cursor-pointer rounded-lg border border-dashed bg-slate-50 p-2 text-sm ' +
          'text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand file:px-4 ' +
          'file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-brand-dark ' +
          (error ? 'border-red-600' : 'border-slate-300')
        }
      />
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
        {hint}
      </p>
      {file && (
        <p
          id={`${id}-chosen`}
          className="mt-2 flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800"
        >
          <FileText className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="min-w-0 [overflow-wrap:anywhere]">
            <span className="sr-only">Chosen file: </span>
            {file.name}
          </span>
          <span className="ml-auto shrink-0 text-slate-600">{formatSize(file.size)}</span>
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
