import { contentApi } from '@mutual/shared/contract/content';
import type { EndpointInput } from '@mutual/shared/contract/endpoint';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Sends the public contact form; the answer is the receipt shown to the visitor. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (body: EndpointInput<typeof contentApi.sendContactMessage>['body']) =>
      call(contentApi.sendContactMessage, { body }),
  });
}
