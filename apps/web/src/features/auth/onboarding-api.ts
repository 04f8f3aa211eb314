import type { Endpoint, EndpointInput } from '@mutual/shared/contract/endpoint';
import { onboardingApi } from '@mutual/shared/contract/onboarding';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call, callForm } from '../../lib/api';

/** The `application` JSON part of an upload, as declared. */
type ApplicationOf<E extends Endpoint> =
  NonNullable<EndpointInput<E>['body']> extends { application: infer A } ? A : never;

/** The applicant's own application, as the pending-approval page shows it. */
export const applicationQueryKey = ['me', 'application'] as const;

export function useApplication() {
  return useQuery({ queryKey: applicationQueryKey, queryFn: () => call(onboardingApi.application) });
}

interface Upload<E extends Endpoint> {
  application: ApplicationOf<E>;
  /** Left out of the request when there is none. */
  document: File | null;
}

/** The membership application: the form's values as the `application` part, beside the ID document. */
export function useRegister() {
  return useMutation({
    mutationFn: ({ application, document }: Upload<typeof onboardingApi.register>) =>
      callForm(onboardingApi.register, { json: { application }, files: { document } }),
  });
}

/** The answer to staff's information requests, with an optional document; the answer is the new status. */
export function useAnswerInfoRequest() {
  return useMutation({
    mutationFn: ({ application, document }: Upload<typeof onboardingApi.answerInfoRequest>) =>
      callForm(onboardingApi.answerInfoRequest, { json: { application }, files: { document } }),
  });
}
