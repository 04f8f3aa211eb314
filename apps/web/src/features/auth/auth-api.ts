import { authApi } from '@mutual/shared/contract/auth';
import type { Endpoint, EndpointInput } from '@mutual/shared/contract/endpoint';
import { useMutation } from '@tanstack/react-query';
import { type InputArgs, call } from '../../lib/api';

type BodyOf<E extends Endpoint> = EndpointInput<E>['body'];

/** A mutation whose variables are the endpoint's JSON body. */
function useBodyMutation<E extends Endpoint>(endpoint: E) {
  return useMutation({
    mutationFn: (body: BodyOf<E>) => call(endpoint, ...([{ body }] as InputArgs<E>)),
  });
}

/** Sign-in step 1: e-mail and password; the answer says how the code can be given. */
export function useSignIn() {
  return useBodyMutation(authApi.signIn);
}

/** Sign-in step 2: the one-time or backup code; the answer is the signed-in person. */
export function useVerifyCode() {
  return useBodyMutation(authApi.verify);
}

/** E-mails a new sign-in code for the attempt in progress. */
export function useResendCode() {
  return useMutation({ mutationFn: () => call(authApi.resendCode) });
}

/** Asks for a password reset link (the answer is the same for any address). */
export function useRequestPasswordReset() {
  return useBodyMutation(authApi.passwordReset);
}

/** Sets a new password from the e-mailed link. */
export function useConfirmPasswordReset() {
  return useBodyMutation(authApi.passwordResetConfirm);
}
