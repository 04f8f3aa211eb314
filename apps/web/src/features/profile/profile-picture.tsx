import { type Me, messages, profileImageProblem } from '@mutual/shared';
import { Camera } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Avatar } from '../../components/avatar';
import { busyButton } from '../../components/button';
import { errorMessage } from '../../lib/api-errors';
import { type Outcome, OutcomeAlert } from './outcome';
import { useApplyMe, useUploadProfileImage } from './profile-api';

/** The file input's label, looking like a button (the input itself is visually hidden). */
const chooseFileClass =
  'inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm ' +
  'font-semibold text-slate-900 hover:border-brand hover:text-brand peer-focus-visible:outline-2 ' +
  'peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand peer-aria-disabled:cursor-not-allowed ' +
  'peer-aria-disabled:opacity-60';

/** The member's own picture with a "Change picture" file input. */
export function ProfilePicture({ me }: { me: Me }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const applyMe = useApplyMe();
  const upload = useUploadProfileImage();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file || busy) return;
    const problem = profileImageProblem(file);
    if (problem) {
      setOutcome({ tone: 'error', text: problem });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const result = await upload.mutateAsync(file);
      await applyMe(result.me);
      setOutcome({ tone: 'success', text: result.message || messages.profile.imageUpdated });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, messages.profile.imageFailed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-label="Profile picture"
      className="flex items-start gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:items-center"
    >
      <Avatar
        name={me.name}
        imageUrl={me.profileImageUrl}
        size="lg"
        alt={me.profileImageUrl ? 'Your profile picture' : ''}
      />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="font-semibold text-slate-900">{me.name}</p>
        <p className="text-sm text-slate-600">An image file up to 5 MB.</p>
        <div>
          {/* The real input stays in the tab order (visually hidden); its label looks like a button. While
              the picture uploads it waits but keeps the focus (`busyButton`), as `disabled` would drop it. */}
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/*"
            className="peer sr-only"
            {...busyButton(busy)}
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
          <label htmlFor={inputId} className={chooseFileClass}>
            <Camera className="h-4 w-4" aria-hidden="true" />
            {busy ? 'Uploading…' : 'Change picture'}
          </label>
        </div>
        <OutcomeAlert outcome={outcome} />
      </div>
    </section>
  );
}
