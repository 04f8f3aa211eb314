import { Camera, ImageIcon } from 'lucide-react';
import { type ChangeEvent, type Ref, useCallback, useEffect, useRef, useState } from 'react';
import { FieldError, fieldDescription } from '../../components/form-field';
import type { CheckPhoto } from './deposits-api';
import { checkImageProblem, checkImageTypes, fileSize } from './format';

/** A chosen photo and its preview address (`URL.createObjectURL`, revoked when it goes). */
export interface ChosenPhoto extends CheckPhoto {
  previewUrl: string;
}

/**
 * One side of the check: the photo chosen (checked for type and size at once, as the server will
 * check it again by content), its error and its input (`inputRef`, to focus it). A new photo,
 * `clear()` or leaving the panel revokes the previous preview's address.
 */
export function useCheckPhoto(maxBytes: number) {
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!photo) return;
    return () => URL.revokeObjectURL(photo.previewUrl);
  }, [photo]);

  const choose = useCallback(
    (file: File) => {
      const problem = checkImageProblem(file, maxBytes);
      setError(problem ?? undefined);
      setPhoto(problem ? null : { id: crypto.randomUUID(), file, previewUrl: URL.createObjectURL(file) });
    },
    [maxBytes],
  );
  const clear = useCallback(() => {
    setPhoto(null);
    setError(undefined);
  }, []);

  /** The server's word on this side: under the input, which takes the focus when `focus` says so. */
  const refuse = useCallback((message: string, focus: boolean) => {
    setError(message);
    if (focus) inputRef.current?.focus();
  }, []);

  return { photo, error, setError, choose, clear, inputRef, refuse };
}

/** The file input's label, looking like a button (the input itself is visually hidden inside it). */
const chooseClass = [
  'inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white',
  'px-3 py-2 text-sm font-semibold text-slate-900 hover:border-brand hover:text-brand',
  'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand',
].join(' ');

/**
 * "Front of check" / "Back of check": on a phone the camera opens (`capture`), elsewhere a file
 * picker. The chosen photo shows as a preview that fits the panel, with its name and size; "Retake
 * photo" replaces it.
 */
export function CheckImageInput({
  id,
  label,
  hint,
  photo,
  error,
  onChoose,
  inputRef,
}: {
  id: string;
  label: string;
  hint: string;
  photo: ChosenPhoto | null;
  error?: string;
  onChoose: (file: File) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const labelId = `${id}-label`;
  const describedBy = [fieldDescription(id, { hint, error }), photo ? `${id}-chosen` : null].filter(Boolean).join(' ');

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied, so choosing the same photo again is still a change.
    event.target.value = '';
    if (file) onChoose(file);
  };

  return (
    <div className="min-w-0">
      <p id={labelId} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </p>
      <div className={`overflow-hidden rounded-lg border bg-slate-50 ${error ? 'border-red-600' : 'border-slate-200'}`}>
        {photo ? (
          <img
            src={photo.previewUrl}
            alt={`${label}, as you took it`}
            className="block h-40 w-full object-contain sm:h-44"
          />
        ) : (
          <div className="flex h-40 flex-col items-center justify-center gap-1.5 text-sm text-slate-600 sm:h-44">
            <ImageIcon className="h-6 w-6 text-slate-400" aria-hidden="true" />
            No photo yet
          </div>
        )}
      </div>
      {photo && (
        <p id={`${id}-chosen`} className="mt-1.5 flex gap-2 text-xs text-slate-600">
          <span className="min-w-0 [overflow-wrap:anywhere]">
            <span className="sr-only">Chosen photo: </span>
            {photo.file.name}
          </span>
          <span className="ml-auto shrink-0">{fileSize(photo.file.size)}</span>
        </p>
      )}
      <label className={`${chooseClass} mt-2 w-full sm:w-auto`}>
        <Camera className="h-4 w-4" aria-hidden="true" />
        {photo ? 'Retake photo' : 'Add photo'}
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={checkImageTypes.join(',')}
          capture="environment"
          onChange={change}
          aria-labelledby={labelId}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          aria-required="true"
          className="sr-only"
        />
      </label>
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
        {hint}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}
