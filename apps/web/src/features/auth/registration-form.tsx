import { zodResolver } from '@hookform/resolvers/zod';
import { messages, type Registration, type RegistrationInput, registrationSchema } from '@mutual/shared';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type DefaultValues, FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { errorMessage, fieldErrors } from '../../lib/api-errors';
import { SignInPrompt, textLinkClass } from './auth-shell';
import { documentProblem } from './document-input';
import { useRegister } from './onboarding-api';
import { DocumentSection } from './registration-document-section';
import { registrationFieldPaths } from './registration-fields';
import { ApplicantSections } from './registration-sections';

// The two selects start empty so nobody applies with a choice they never made.
const defaultValues: DefaultValues<RegistrationInput> = {
  email: '',
  password: '',
  confirmPassword: '',
  personalInfo: {
    firstName: '',
    lastName: '',
    dateOfBirth: '',
    nationality: '',
    address: { street: '', city: '', state: '', postalCode: '', country: 'United States' },
  },
  contactDetails: {
    phoneNumber: '',
    alternativeEmail: '',
    emergencyContact: { name: '', relationship: '', phone: '' },
  },
  documents: { idCardNumber: '' },
};

/**
 * The membership application (spec §2 Registration). It validates with the schema the API uses;
 * the ID document travels beside the JSON in one multipart request, and problems the server finds
 * land on the same fields, the document included.
 */
export function RegistrationForm() {
  const navigate = useNavigate();
  const [document, setDocument] = useState<File | null>(null);
  const [documentError, setDocumentError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const documentRef = useRef<HTMLInputElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const { mutateAsync: submitApplication } = useRegister();
  const form = useForm<RegistrationInput, unknown, Registration>({
    resolver: zodResolver(registrationSchema),
    defaultValues,
  });
  const { handleSubmit, setError, formState } = form;

  // A problem that belongs to no field is shown at the top, and the page takes the reader there.
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const chooseDocument = (file: File | null) => {
    setDocument(file);
    setDocumentError(documentProblem(file, { required: true }));
  };

  const onValid = async (values: Registration) => {
    const problem = documentProblem(document, { required: true });
    if (problem) {
      setDocumentError(problem);
      documentRef.current?.focus();
      return;
    }
    setFailure(null);
    try {
      await submitApplication({ application: values, document });
      void navigate('/registration-success');
    } catch (error) {
      const fields = new Map(fieldErrors(error));
      const onFields = registrationFieldPaths.filter((path) => fields.has(path));
      onFields.forEach((path, index) =>
        setError(path, { type: 'server', message: fields.get(path) }, { shouldFocus: index === 0 }),
      );
      const documentMessage = fields.get('document');
      if (documentMessage) {
        setDocumentError(documentMessage);
        if (onFields.length === 0) documentRef.current?.focus();
      }
      if (onFields.length === 0 && !documentMessage) setFailure(errorMessage(error, messages.registration.failed));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The document is checked with the other fields, so every problem shows in one go.
    setDocumentError(documentProblem(document, { required: true }));
    void handleSubmit(onValid)(event);
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="space-y-8">
        {failure && (
          <div ref={failureRef} tabIndex={-1} className="scroll-mt-28 focus:outline-none">
            <Alert tone="error">{failure}</Alert>
          </div>
        )}
        <ApplicantSections />
        <DocumentSection
          document={document}
          error={documentError}
          onDocumentChange={chooseDocument}
          inputRef={documentRef}
        />

        <div
          className={
            'flex flex-col gap-4 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between'
          }
        >
          <p className="text-sm text-slate-600">
            All fields are required unless marked optional. By applying you accept our{' '}
            <Link to="/terms" className={textLinkClass}>
              terms
            </Link>{' '}
            and{' '}
            <Link to="/privacy" className={textLinkClass}>
              privacy notice
            </Link>
            .
          </p>
          <Button
            icon={UserPlus}
            type="submit"
            size="lg"
            busy={formState.isSubmitting}
            className="w-full shrink-0 sm:w-auto"
          >
            {formState.isSubmitting ? 'Submitting...' : 'Create Account'}
          </Button>
        </div>
        <SignInPrompt className="text-center text-sm text-slate-600 sm:text-left" />
      </form>
    </FormProvider>
  );
}
