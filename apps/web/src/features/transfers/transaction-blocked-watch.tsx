import { messages } from '@mutual/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { useSignOut } from '../navigation/use-sign-out';
import { BlockedModal } from './blocked-modal';

const isBlocked = (error: unknown) => error instanceof ApiRequestError && error.body.code === 'TRANSACTION_BLOCKED';

/**
 * The "Transaction Blocked" modal (spec §4/§8), wherever a confirmation code was asked for: a US
 * bank transfer, a new payee, a card code. Too many wrong codes and the server refuses the
 * transaction with TRANSACTION_BLOCKED, puts the member's money movement on hold and ends their
 * sessions; so whichever request is answered so, the modal says why and how to reach support, and
 * closing it finishes the sign-out here, with a word on the sign-in page.
 */
export function TransactionBlockedWatch() {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error' && isBlocked(event.action.error)) setOpen(true);
      }),
    [queryClient],
  );
  return (
    <BlockedModal
      kind="blocked"
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        setOpen(false);
        void signOut(messages.transfers.blockedSignedOut);
      }}
    />
  );
}
