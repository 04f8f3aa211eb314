import { maritalStatuses, PASSWORD } from '@mutual/shared';
import { Contact, HeartHandshake, House, LockKeyhole, type LucideIcon, UserRound } from 'lucide-react';
import type { ComponentProps } from 'react';
import { emailInputProps } from '../../components/form-field';
import { localDay } from '../../lib/format-date';
import { FormSection, SelectField, TextField } from './registration-fields';

/** One field of a section: a select when it has `options`, a text-like input otherwise. */
type SectionField = ComponentProps<typeof TextField> | ComponentProps<typeof SelectField>;

/** One titled part of the application and its fields, in screen order. */
interface SectionSpec {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  fields: SectionField[];
}

/**
 * The applicant's details, section by section (the ID document has its own section, with the file).
 * `today` is the latest date of birth the picker offers (the 18-year rule says more).
 */
function applicantSections(today: string): SectionSpec[] {
  return [
    {
      id: 'reg-account',
      title: 'Account Information',
      description: 'You will sign in with this e-mail address and password.',
      icon: LockKeyhole,
      fields: [
        { name: 'email', label: 'Email', ...emailInputProps, autoComplete: 'email', className: 'sm:col-span-2' },
        {
          name: 'password',
          label: 'Password',
          password: true,
          hint: `At least ${PASSWORD.min} characters. A short phrase of unrelated words works well.`,
          autoComplete: 'new-password',
          maxLength: PASSWORD.max,
        },
        {
          name: 'confirmPassword',
          label: 'Confirm password',
          password: true,
          autoComplete: 'new-password',
          maxLength: PASSWORD.max,
        },
      ],
    },
    {
      id: 'reg-personal',
      title: 'Personal Information',
      description: 'As it appears on your identification document.',
      icon: UserRound,
      fields: [
        { name: 'personalInfo.firstName', label: 'First name', autoComplete: 'given-name', maxLength: 60 },
        { name: 'personalInfo.lastName', label: 'Last name', autoComplete: 'family-name', maxLength: 60 },
        {
          name: 'personalInfo.dateOfBirth',
          label: 'Date of birth',
          type: 'date',
          autoComplete: 'bday',
          min: '1900-01-01',
          max: today,
        },
        { name: 'personalInfo.nationality', label: 'Nationality', maxLength: 60 },
        { name: 'personalInfo.maritalStatus', label: 'Marital status', options: maritalStatuses },
      ],
    },
    {
      id: 'reg-address',
      title: 'Address Information',
      description: 'Where you live now.',
      icon: House,
      fields: [
        {
          name: 'personalInfo.address.street',
          label: 'Street address',
          autoComplete: 'street-address',
          maxLength: 200,
          className: 'sm:col-span-2',
        },
        { name: 'personalInfo.address.city', label: 'City', autoComplete: 'address-level2', maxLength: 100 },
        { name: 'personalInfo.address.state', label: 'State', autoComplete: 'address-level1', maxLength: 100 },
        { name: 'personalInfo.address.postalCode', label: 'Postal code', autoComplete: 'postal-code', maxLength: 20 },
        { name: 'personalInfo.address.country', label: 'Country', autoComplete: 'country-name', maxLength: 100 },
      ],
    },
    {
      id: 'reg-contact',
      title: 'Contact Information',
      description: 'How we reach you about your application.',
      icon: Contact,
      fields: [
        { name: 'contactDetails.phoneNumber', label: 'Phone number', type: 'tel', autoComplete: 'tel', maxLength: 30 },
        {
          name: 'contactDetails.alternativeEmail',
          label: 'Alternative email',
          optional: true,
          ...emailInputProps,
          autoComplete: 'off',
        },
      ],
    },
    {
      id: 'reg-emergency',
      title: 'Emergency Contact',
      description: 'Someone we may call if we cannot reach you.',
      icon: HeartHandshake,
      fields: [
        { name: 'contactDetails.emergencyContact.name', label: 'Name', autoComplete: 'off', maxLength: 100 },
        {
          name: 'contactDetails.emergencyContact.relationship',
          label: 'Relationship',
          autoComplete: 'off',
          maxLength: 60,
        },
        {
          name: 'contactDetails.emergencyContact.phone',
          label: 'Phone',
          type: 'tel',
          autoComplete: 'off',
          maxLength: 30,
        },
      ],
    },
  ];
}

/** The application's sections before the ID document: account, personal, address, contact, emergency contact. */
export function ApplicantSections() {
  return applicantSections(localDay(new Date())).map(({ fields, ...section }) => (
    <FormSection key={section.id} {...section}>
      {fields.map((field) =>
        'options' in field ? <SelectField key={field.name} {...field} /> : <TextField key={field.name} {...field} />,
      )}
    </FormSection>
  ));
}
