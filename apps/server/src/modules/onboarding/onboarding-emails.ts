import type { Config } from '../../config';
import { renderEmail } from '../mail/templates';

export function applicationReceivedEmail(config: Config, firstName: string) {
  return renderEmail(config, {
    template: 'application-received',
    subject: `We received your application — ${config.brand.name}`,
    heading: `Thank you, ${firstName}. Your application is under review.`,
    paragraphs: [
      `Our team reviews applications in ${config.approvalTime}. ` +
        'We will e-mail you as soon as there is a decision, or if we need anything else.',
      'You can sign in at any time to see the status of your application.',
    ],
  });
}

export function alreadyRegisteredEmail(config: Config) {
  return renderEmail(config, {
    template: 'already-registered',
    subject: `An application was started with your e-mail — ${config.brand.name}`,
    heading: 'Someone tried to apply with your e-mail address',
    paragraphs: [
      'There is already an account with this e-mail address, so no new application was created.',
      'If this was you, sign in, or use "Forgot password?" on the sign-in page. ' +
        'If it was not you, you can ignore this message.',
    ],
  });
}

export function applicationApprovedEmail(config: Config, firstName: string) {
  return renderEmail(config, {
    template: 'application-approved',
    subject: `Welcome to ${config.brand.name} — your membership is approved`,
    heading: `Welcome, ${firstName}! Your membership is approved.`,
    paragraphs: [
      'Your Checking and Savings accounts are open. Sign in with your e-mail and password; ' +
        'we will send you a 6-digit code to finish signing in.',
      `${config.publicUrl}/login`,
    ],
  });
}

export function applicationRejectedEmail(config: Config, firstName: string, reason: string) {
  return renderEmail(config, {
    template: 'application-rejected',
    subject: `Your application to ${config.brand.name}`,
    heading: `Dear ${firstName}, we could not approve your application`,
    paragraphs: [
      `Reason: ${reason}`,
      'If you have questions or would like us to look again, ' +
        `call ${config.support.phone} (${config.support.hours}) or write to ${config.support.email}.`,
    ],
  });
}

export function infoRequestedEmail(config: Config, firstName: string, details: string) {
  return renderEmail(config, {
    template: 'info-requested',
    subject: `We need a little more information — ${config.brand.name}`,
    heading: `${firstName}, we need a little more information`,
    paragraphs: [
      `Our team asks: ${details}`,
      `Sign in at ${config.publicUrl}/login to answer; you can attach a document.`,
    ],
  });
}
