import { messages, profileImageProblem, type UserDetail } from '@mutual/shared';
import { ImageUp } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { Avatar } from '../../components/avatar';
import { busyButton } from '../../components/button';
import { FieldError } from '../../components/form-field';
import { ApiRequestError } from '../../lib/api';
import { useUploadUserImage } from './admin-api';
import type { ShowFlash } from './use-flash';

/** What is wrong with a chosen image before it is sent, in the spec's words (the server checks again). */
function imageProblem(userId: string | null, file: File): string | null {
  if (!userId) return messages.admin.selectUserFirst;
  return profileImageProblem(file);
}

/** The file input's label, looking like a button (the input itself is visually hidden). */
const chooseFileClass =
  'inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm ' +
  'font-semibold text-slate-900 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand ' +
  'hover:border-brand hover:text-brand';

/** The member's current picture and a control to replace it (uploads as soon as a file is chosen). */
export function ProfileImageUpload({ user, onFlash }: { user: UserDetail | null; onFlash: ShowFlash }) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadUserImage({
    onUploaded: () => onFlash('success', messages.profile.imageUpdated),
    // The server's reason when it gives one for the file (type, size); the spec sentence otherwise.
    onFailed: (failure) =>
      setError(
        failure instanceof ApiRequestError && failure.status === 400
          ? failure.body.message
          : messages.profile.imageFailed,
      ),
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || upload.isPending) return;
    const problem = imageProblem(user?.id ?? null, file);
    setError(problem);
    if (problem || !user) return;
    upload.mutate({ id: user.id, image: file });
  };

  return (
    <div className="flex items-center gap-4">
      {user && (
        <Avatar
          name={user.name}
          imageUrl={user.profileImageUrl}
          size="lg"
          alt={user.profileImageUrl ? `Profile image of ${user.name}` : ''}
        />
      )}
      <div className="min-w-0">
        <label
          htmlFor={inputId}
          className={`${chooseFileClass} ${upload.isPending ? 'pointer-events-none opacity-60' : ''}`}
        >
          <ImageUp className="h-4 w-4" aria-hidden="true" />
          {upload.isPending ? 'Uploading...' : user?.profileImageUrl ? 'Change profile image' : 'Upload profile image'}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            onChange={choose}
            // Waiting while the image uploads, but keeping the focus, which `disabled` would drop.
            {...busyButton(upload.isPending)}
            aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
            aria-invalid={error ? true : undefined}
            className="sr-only"
          />
        </label>
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-600">
          An image under 5 MB.
        </p>
        <FieldError id={inputId} error={error ?? undefined} />
      </div>
    </div>
  );
}
