import { messages } from '@mutual/shared';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { useMe } from './me-query';
import { ProfileForm } from './profile-form';
import { ProfilePicture } from './profile-picture';

/** "Profile Settings": picture, name, phone and address (spec §2, §3). */
export function ProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Profile Settings"
      description="Your picture, name, phone number and address."
      size="lg"
    >
      <ProfileDialogBody onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function ProfileDialogBody({ onDone }: { onDone: () => void }) {
  const me = useMe();
  if (me.isPending) {
    return (
      <p role="status" className="py-10 text-center text-sm text-slate-500">
        Loading your profile…
      </p>
    );
  }
  if (me.isError) {
    return (
      <div className="space-y-4">
        <Alert tone="error">{messages.profile.loadFailed}</Alert>
        <Button variant="outline" onClick={() => void me.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <ProfilePicture me={me.data} />
      <ProfileForm me={me.data} onCancel={onDone} />
    </div>
  );
}
