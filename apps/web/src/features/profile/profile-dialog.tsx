import { messages } from '@mutual/shared';
import { MeDialog } from './me-dialog';
import { ProfileForm } from './profile-form';
import { ProfilePicture } from './profile-picture';
import type { DialogControlProps } from '../../components/dialog';

/** "Profile Settings": picture, name, phone and address (spec §2, §3). */
export function ProfileDialog({ open, onOpenChange }: DialogControlProps) {
  return (
    <MeDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Profile Settings"
      description="Your picture, name, phone number and address."
      loadingLabel="Loading your profile…"
      loadFailed={messages.profile.loadFailed}
    >
      {(me) => (
        <div className="space-y-6">
          <ProfilePicture me={me} />
          <ProfileForm me={me} onCancel={() => onOpenChange(false)} />
        </div>
      )}
    </MeDialog>
  );
}
