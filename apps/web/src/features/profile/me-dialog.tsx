import type { Me } from '@mutual/shared';
import type { ReactNode } from 'react';
import { Dialog, type DialogControlProps } from '../../components/dialog';
import { LoadError, Skeleton } from '../../components/query-state';
import { useMe } from './profile-api';

/**
 * A settings dialog about the signed-in person (Profile Settings, Account Settings): its content
 * waits for their record (`useMe`, read only while the dialog is open), with a way to ask again.
 */
export function MeDialog({
  open,
  onOpenChange,
  title,
  description,
  loadingLabel,
  loadFailed,
  placement,
  children,
}: DialogControlProps & {
  title: string;
  description: string;
  /** `Dialog`'s: near the top for tabs, whose panels differ in height. */
  placement?: 'center' | 'top';
  /** What the placeholder says while the record loads: "Loading your profile…". */
  loadingLabel: string;
  /** The spec's sentence when it could not be read. */
  loadFailed: string;
  children: (me: Me) => ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="lg"
      placement={placement}
    >
      <MeDialogBody loadingLabel={loadingLabel} loadFailed={loadFailed}>
        {children}
      </MeDialogBody>
    </Dialog>
  );
}

function MeDialogBody({
  loadingLabel,
  loadFailed,
  children,
}: {
  loadingLabel: string;
  loadFailed: string;
  children: (me: Me) => ReactNode;
}) {
  const me = useMe();
  if (me.isPending) return <Skeleton label={loadingLabel} className="h-96 border-0 bg-slate-100" />;
  if (me.isError) {
    // The spec sentence whatever the cause, as before (no `error`, so not the server's words).
    return <LoadError error={undefined} fallback={loadFailed} onRetry={() => void me.refetch()} />;
  }
  return children(me.data);
}
