import type { ChangePasswordInput, Me, ProfileUpdate, SettingsUpdate } from '@mutual/shared';
import { meApi } from '@mutual/shared/contract/me';
import { type UseMutationOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, callForm } from '../../lib/api';
import { useSession } from '../session/session-context';

/** The query keys of the signed-in person's own record and sessions, shared by both settings dialogs. */
export const profileKeys = {
  me: ['me', 'profile'] as const,
  sessions: ['me', 'sessions'] as const,
};

/** The signed-in person's own record (`meApi.me`). */
export function useMe() {
  return useQuery({ queryKey: profileKeys.me, queryFn: () => call(meApi.me) });
}

/**
 * Stores a fresh `Me` the server sent back and re-reads the session, so the navigation shows the
 * new name, picture or two-factor state at once.
 */
export function useApplyMe() {
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  return useCallback(
    async (me?: Me) => {
      if (me) queryClient.setQueryData(profileKeys.me, me);
      else await queryClient.invalidateQueries({ queryKey: profileKeys.me });
      await refresh();
    },
    [queryClient, refresh],
  );
}

/** Profile Settings: name, phone and address. The caller stores the answer (`useApplyMe`). */
export function useUpdateProfile() {
  return useMutation({ mutationFn: (values: ProfileUpdate) => call(meApi.updateProfile, { body: values }) });
}

/** Account Settings: notifications and login alerts. The caller stores the answer (`useApplyMe`). */
export function useUpdateSettings() {
  return useMutation({ mutationFn: (draft: SettingsUpdate) => call(meApi.updateSettings, { body: draft }) });
}

/** A new profile picture (the multipart part `image`). The caller stores the answer (`useApplyMe`). */
export function useUploadProfileImage() {
  return useMutation({ mutationFn: (image: File) => callForm(meApi.profileImage, { files: { image } }) });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (values: ChangePasswordInput) => call(meApi.changePassword, { body: values }) });
}

/** Authenticator enrolment, step 1: the secret and its QR code. */
export function useStartTotpSetup() {
  return useMutation({ mutationFn: () => call(meApi.totpSetup) });
}

/** Authenticator enrolment, step 2: a code from the app; answers with the backup codes, once. */
export function useConfirmTotp() {
  return useMutation({ mutationFn: (code: string) => call(meApi.totpConfirm, { body: { code } }) });
}

export function useDisableTotp() {
  return useMutation({ mutationFn: (password: string) => call(meApi.totpDisable, { body: { password } }) });
}

export function useReplaceBackupCodes() {
  return useMutation({ mutationFn: (password: string) => call(meApi.backupCodes, { body: { password } }) });
}

/** Where the person is signed in; read only while `active` (the Sessions tab is open). */
export function useSessions(active: boolean) {
  return useQuery({ queryKey: profileKeys.sessions, queryFn: () => call(meApi.sessions), enabled: active });
}

type EndSessionHandlers = Pick<UseMutationOptions<undefined, Error, string>, 'onMutate' | 'onSuccess' | 'onError'>;

/** Signs out one of the person's other sessions by id; the list is read again either way. */
export function useEndSession(handlers: EndSessionHandlers) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(meApi.endSession, { params: { id } }),
    ...handlers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}
