import type { UserDetail } from '@mutual/shared';
import { Contact, FileText, HeartHandshake, IdCard, MapPin, User, Users } from 'lucide-react';
import { DetailSection, EmptyNote, Field, FieldList } from './detail-parts';
import { formatCalendarDate } from '../../lib/format-date';

type StoredFile = NonNullable<UserDetail['documents']['idDocument']>;

function fileSize(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const previewClass =
  'max-h-72 max-w-full rounded-lg border border-slate-200 bg-slate-50 object-contain group-hover:border-brand';
const documentLinkClass =
  'inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-brand ' +
  'hover:border-brand';

/** An uploaded file staff may see: images previewed, PDFs (and anything else) as a link. */
export function StoredFileView({ file, label }: { file: StoredFile; label: string }) {
  if (file.contentType.startsWith('image/')) {
    return (
      <a href={file.url} target="_blank" rel="noreferrer" className="group block w-fit max-w-full">
        <img src={file.url} alt={label} className={previewClass} />
        <span className="mt-1.5 block text-sm font-medium text-brand underline-offset-2 group-hover:underline">
          Open full size <span className="sr-only">({label})</span>
        </span>
      </a>
    );
  }
  const pdf = file.contentType === 'application/pdf';
  return (
    <a href={file.url} target="_blank" rel="noreferrer" className={documentLinkClass}>
      <FileText className="h-4 w-4" aria-hidden="true" />
      {pdf ? 'Open document (PDF)' : 'Open document'}
      <span className="text-xs font-normal text-slate-600">{fileSize(file.size)}</span>
      <span className="sr-only">: {label}</span>
    </a>
  );
}

/**
 * Who the person is, as they gave it on the registration form (or staff typed it in Create New
 * User): personal details, address, contact and emergency contact.
 */
export function ProfileSections({ user }: { user: UserDetail }) {
  const { personalInfo: p, contactDetails: c } = user;
  const emergency = c.emergencyContact;
  return (
    <>
      <DetailSection id="detail-personal" title="Personal Information" icon={User}>
        <FieldList>
          <Field label="First name">{p.firstName}</Field>
          <Field label="Last name">{p.lastName}</Field>
          <Field label="Date of birth">{p.dateOfBirth ? formatCalendarDate(p.dateOfBirth) : null}</Field>
          <Field label="Nationality">{p.nationality}</Field>
          <Field label="Marital status">{p.maritalStatus}</Field>
        </FieldList>
      </DetailSection>

      <DetailSection id="detail-address" title="Address" icon={MapPin}>
        <FieldList>
          <Field label="Street" wide>
            {p.address.street}
          </Field>
          <Field label="City">{p.address.city}</Field>
          <Field label="State">{p.address.state}</Field>
          <Field label="Postal code">{p.address.postalCode}</Field>
          <Field label="Country">{p.address.country}</Field>
        </FieldList>
      </DetailSection>

      <DetailSection id="detail-contact" title="Contact Information" icon={Contact}>
        <FieldList>
          <Field label="Email" wide>
            {user.email}
          </Field>
          <Field label="Phone">{c.phoneNumber || user.phone}</Field>
          <Field label="Alternative email">{c.alternativeEmail}</Field>
        </FieldList>
      </DetailSection>

      <DetailSection id="detail-emergency" title="Emergency Contact" icon={HeartHandshake}>
        {emergency ? (
          <FieldList>
            <Field label="Name">{emergency.name}</Field>
            <Field label="Relationship">{emergency.relationship}</Field>
            <Field label="Phone">{emergency.phone}</Field>
          </FieldList>
        ) : (
          <EmptyNote>No emergency contact on file.</EmptyNote>
        )}
      </DetailSection>
    </>
  );
}

/** The identification document sent with the application; a user staff created had none. */
export function IdentityDocumentSection({ user }: { user: UserDetail }) {
  const d = user.documents;
  return (
    <DetailSection id="detail-id" title="Identification Document" icon={IdCard}>
      {!d.idDocument && !d.idCardType && user.createdBy ? (
        <EmptyNote>No application on file: this user was created by staff ({user.createdBy}).</EmptyNote>
      ) : (
        <FieldList>
          <Field label="ID type">{d.idCardType}</Field>
          <Field label="ID number">{d.idCardNumber}</Field>
          <Field label="Document" wide>
            {d.idDocument ? <StoredFileView file={d.idDocument} label={`ID document of ${user.name}`} /> : null}
          </Field>
        </FieldList>
      )}
    </DetailSection>
  );
}

/** The joint holder of a joint account (spec §3 `jointAccountHolder`); nothing for anyone else. */
export function JointHolderSection({ user }: { user: UserDetail }) {
  if (!user.isJointAccount && !user.jointAccountHolder) return null;
  return (
    <DetailSection id="detail-joint" title="Joint Account Holder" icon={Users}>
      {user.jointAccountHolder ? (
        <FieldList>
          <Field label="Name">{user.jointAccountHolder.name}</Field>
          <Field label="Phone">{user.jointAccountHolder.phone}</Field>
          <Field label="Email" wide>
            {user.jointAccountHolder.email}
          </Field>
        </FieldList>
      ) : (
        <EmptyNote>Marked as a joint account, but no joint holder is on file.</EmptyNote>
      )}
    </DetailSection>
  );
}
