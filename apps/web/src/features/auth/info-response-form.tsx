import { zodResolver } from '@hookform/resolvers/zod';
import { type ApplicationStatus, ID_DOCUMENT_MAX_BYTES, infoResponseSchema } from '@mutual/shared';
import { Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormField, controlProps } from '../../components/form-field';
import { errorMessage, fieldErrors } from '../../lib/api-errors';
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
  const [failure, setFailure] = useState<string | null>(null);
  const documentRef = useRef<HTMLInputElement>(null);
  const { mutateAsync: answer } = useAnswerInfoRequest();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InfoResponseInput, unknown, InfoResponse>({
    resolver: zodResolver(infoResponseSchema),
    defaultValues: { response: '' },
  });

  const chooseDocument = (file: File | null) => {
    setDocument(file);
    setDocumentError(documentProblem(file, { required: false }));
  };

  const onValid = async (values: InfoResponse) => {
    if (documentProblem(document, { required: false })) {
      documentRef.current?.focus();
      return;
    }
    setFailure(null);
    try {
      const status = await answer({ application: values, document });
      onSent(status);
    } catch (error) {
      const fields = new Map(fieldErrors(error));
      const responseMessage = fields.get('response');
      const documentMessage = fields.get('document');
      if (responseMessage) setError('response', { type: 'server', message: responseMessage }, { shouldFocus: true });
      if (documentMessage) setDocumentError(documentMessage);
      if (!responseMessage && !documentMessage) setFailure(errorMessage(error));
    }
  };

  const responseError = errors.response?.message;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        setDocumentError(documentProblem(document, { required: false }));
        void handleSubmit(onValid)(event);
      }}
      className="space-y-5"
    >
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormField id="info-response" label="Your answer" hint={answerHint} error={responseError}>
        <textarea
          {...controlProps('info-response', { error: responseError, hint: answerHint })}
          {...register('response')}
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
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
        <Send className="h-4 w-4" aria-hidden="true" />
        {isSubmitting ? 'Sending...' : 'Send answer'}
      </Button>
    </form>
  );
}
