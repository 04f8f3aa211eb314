import { type ApplicationStatus, ID_DOCUMENT_MAX_BYTES, infoResponseSchema } from '@mutual/shared';
import { Send } from 'lucide-react';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormField, controlProps } from '../../components/form-field';
import { useApiForm } from '../../lib/use-api-form';
import { DocumentInput, documentProblem } from './document-input';
import { useAnswerInfoRequest } from './onboarding-api';

type InfoResponseInput = z.input<typeof infoResponseSchema>;
type InfoResponse = z.output<typeof infoResponseSchema>;

const answerHint = 'Please do not include passwords or sign-in codes.';
const documentHint =
  'If the request asks for a document: JPEG, PNG, WebP or PDF, ' + `up to ${ID_DOCUMENT_MAX_BYTES / (1024 * 1024)} MB.`;

/** The applicant's answer to staff's open information requests, with an optional document. */
export function InfoResponseForm({ onSent }: { onSent: (status: ApplicationStatus) => void }) {
  const [document, setDocument] = useState<File | null>(null);
  const [documentError, setDocumentError] = useState<string | undefined>(undefined);
  const documentRef = useRef<HTMLInputElement>(null);
  const { mutateAsync: answer } = useAnswerInfoRequest();
  const { form, onSubmit, formError, submitting } = useApiForm<InfoResponseInput, InfoResponse>({
    schema: infoResponseSchema,
    defaultValues: { response: '' },
    fields: ['response'],
    otherFields: { document: (message) => setDocumentError(message) },
    submit: async (values) => {
      if (documentProblem(document, { required: false })) {
        documentRef.current?.focus();
        return;
      }
      onSent(await answer({ application: values, document }));
    },
  });

  const chooseDocument = (file: File | null) => {
    setDocument(file);
    setDocumentError(documentProblem(file, { required: false }));
  };

  const responseError = form.formState.errors.response?.message;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        setDocumentError(documentProblem(document, { required: false }));
        void onSubmit(event);
      }}
      className="space-y-5"
    >
      {formError && <Alert tone="error">{formError}</Alert>}
      <FormField id="info-response" label="Your answer" hint={answerHint} error={responseError}>
        <textarea
          {...controlProps('info-response', { error: responseError, hint: answerHint })}
          {...form.register('response')}
          rows={5}
          maxLength={2000}
          aria-required="true"
        />
      </FormField>
      <DocumentInput
        ref={documentRef}
        id="info-response-document"
        label="Attach a document"
        optional
        hint={documentHint}
        file={document}
        error={documentError}
        onChange={chooseDocument}
      />
      <Button icon={Send} type="submit" busy={submitting} className="w-full sm:w-auto">
        {submitting ? 'Sending...' : 'Send answer'}
      </Button>
    </form>
  );
}
