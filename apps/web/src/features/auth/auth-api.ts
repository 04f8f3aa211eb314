import { authApi } from '@mutual/shared/contract/auth';
import type { Endpoint, EndpointInput } from '@mutual/shared/contract/endpoint';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api';

type BodyOf<E extends Endpoint> = EndpointInput<E>['body'];

/** Sign-in step 1: e-mail and password; the answer says how the code can be given. */
export function useSignIn() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof authApi.signIn>) => call(authApi.signIn, { body }),
  });
}

/** Sign-in step 2: the one-time or backup code; the answer is the signed-in person. */
export function useVerifyCode() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof authApi.verify>) => call(authApi.verify, { body }),
  });
}

/** E-mails a new sign-in code for the attempt in progress. */
export function useResendCode() {
  return useMutation({ mutationFn: () => call(authApi.resendCode) });
}

/** Asks for a password reset link (the answer is the same for any address). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof authApi.passwordReset>) => call(authApi.passwordReset, { body }),
  });
}

/** Sets a new password from the e-mailed link. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof authApi.passwordResetConfirm>) => call(authApi.passwordResetConfirm, { body }),
  });
}
