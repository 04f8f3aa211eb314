import { ID_DOCUMENT_MAX_BYTES, idCardTypes } from '@mutual/shared';
import { IdCard } from 'lucide-react';
import type { Ref } from 'react';
import { DocumentInput } from './document-input';
import { FormSection, SelectField, TextField } from './registration-fields';

const documentMaxMegabytes = ID_DOCUMENT_MAX_BYTES / (1024 * 1024);
const documentHint = `A clear photo or scan of the document: JPEG, PNG, WebP or PDF, up to ${documentMaxMegabytes} MB.`;

/** The ID type and number (form fields) and the document itself (a file, kept outside the form values). */
export function DocumentSection({
  document,
  error,
  onDocumentChange,
  inputRef,
}: {
  document: File | null;
  error?: string;
  onDocumentChange: (file: File | null) => void;
  inputRef: Ref<HTMLInputElement>;
}) {
  return (
    <FormSection
      id="reg-document"
      title="Identification Document"
      description="We check your identity before opening accounts, as the law requires."
      icon={IdCard}
    >
      <SelectField name="documents.idCardType" label="ID type" options={idCardTypes} />
      <TextField name="documents.idCardNumber" label="ID number" autoComplete="off" spellCheck={false} maxLength={40} />
      <div className="sm:col-span-2">
        <DocumentInput
          ref={inputRef}
          id="reg-document-file"
          label="Upload your ID"
          hint={documentHint}
          file={document}
          error={error}
          onChange={onDocumentChange}
        />
      </div>
    </FormSection>
  );
}
