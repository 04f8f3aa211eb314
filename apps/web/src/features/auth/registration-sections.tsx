import { maritalStatuses, PASSWORD } from '@mutual/shared';
import { Contact, HeartHandshake, House, LockKeyhole, UserRound } from 'lucide-react';
import { emailInputProps } from '../../components/form-field';
import { localDay } from '../../lib/format-date';
import { FormSection, SelectField, TextField } from './registration-fields';

const icon = 'h-5 w-5';

/** The latest date of birth the picker offers: today, on the credit union's clock (the 18-year rule says more). */
function today(): string {
  return localDay(new Date());
}

export function AccountSection() {
  const passwordHint = `At least ${PASSWORD.min} characters. A short phrase of unrelated words works well.`;
  return (
    <FormSection
      id="reg-account"
      title="Account Information"
      description="You will sign in with this e-mail address and password."
      icon={<LockKeyhole className={icon} aria-hidden="true" />}
    >
      <TextField name="email" label="Email" {...emailInputProps} autoComplete="email" className="sm:col-span-2" />
      <TextField
        name="password"
        label="Password"
        password
        hint={passwordHint}
        autoComplete="new-password"
        maxLength={PASSWORD.max}
      />
      <TextField
        name="confirmPassword"
        label="Confirm password"
        password
        autoComplete="new-password"
        maxLength={PASSWORD.max}
      />
    </FormSection>
  );
}

export function PersonalSection() {
  return (
    <FormSection
      id="reg-personal"
      title="Personal Information"
      description="As it appears on your identification document."
      icon={<UserRound className={icon} aria-hidden="true" />}
    >
      <TextField name="personalInfo.firstName" label="First name" autoComplete="given-name" maxLength={60} />
      <TextField name="personalInfo.lastName" label="Last name" autoComplete="family-name" maxLength={60} />
      <TextField
        name="personalInfo.dateOfBirth"
        label="Date of birth"
        type="date"
        autoComplete="bday"
        min="1900-01-01"
        max={today()}
      />
      <TextField name="personalInfo.nationality" label="Nationality" maxLength={60} />
      <SelectField name="personalInfo.maritalStatus" label="Marital status" options={maritalStatuses} />
    </FormSection>
  );
}

export function AddressSection() {
  return (
    <FormSection
      id="reg-address"
      title="Address Information"
      description="Where you live now."
      icon={<House className={icon} aria-hidden="true" />}
    >
      <TextField
        name="personalInfo.address.street"
        label="Street address"
        autoComplete="street-address"
        maxLength={200}
        className="sm:col-span-2"
      />
      <TextField name="personalInfo.address.city" label="City" autoComplete="address-level2" maxLength={100} />
      <TextField name="personalInfo.address.state" label="State" autoComplete="address-level1" maxLength={100} />
      <TextField name="personalInfo.address.postalCode" label="Postal code" autoComplete="postal-code" maxLength={20} />
      <TextField name="personalInfo.address.country" label="Country" autoComplete="country-name" maxLength={100} />
    </FormSection>
  );
}

export function ContactSection() {
  return (
    <FormSection
      id="reg-contact"
      title="Contact Information"
      description="How we reach you about your application."
      icon={<Contact className={icon} aria-hidden="true" />}
    >
      <TextField name="contactDetails.phoneNumber" label="Phone number" type="tel" autoComplete="tel" maxLength={30} />
      <TextField
        name="contactDetails.alternativeEmail"
        label="Alternative email"
        optional
        {...emailInputProps}
        autoComplete="off"
      />
    </FormSection>
  );
}

export function EmergencySection() {
  return (
    <FormSection
      id="reg-emergency"
      title="Emergency Contact"
      description="Someone we may call if we cannot reach you."
      icon={<HeartHandshake className={icon} aria-hidden="true" />}
    >
      <TextField name="contactDetails.emergencyContact.name" label="Name" autoComplete="off" maxLength={100} />
      <TextField
        name="contactDetails.emergencyContact.relationship"
        label="Relationship"
        autoComplete="off"
        maxLength={60}
      />
      <TextField
        name="contactDetails.emergencyContact.phone"
        label="Phone"
        type="tel"
        autoComplete="off"
        maxLength={30}
      />
    </FormSection>
  );
}
