import type { Config } from '../../config';
import { momentIn } from '../../time';
import { renderEmail } from '../mail/templates';

const never = 'We will never ask you for this code or your password by phone or e-mail.';

export function signInCodeEmail(config: Config, code: string) {
  return renderEmail(config, {
    template: 'sign-in-code',
    subject: `Your ${config.brand.shortName} sign-in code: ${code}`,
    heading: 'Your sign-in code',
    paragraphs: [
      `Enter this code to finish signing in: ${code}`,
      `It expires in ${config.security.otpTtlMinutes} minutes and works once.`,
      `If you did not try to sign in, change your password now: someone knows it. ${never}`,
    ],
  });
}

export function accountLockedEmail(config: Config, until: Date) {
  return renderEmail(config, {
    template: 'account-locked',
    subject: `Your ${config.brand.shortName} account is locked for a while`,
    heading: 'We locked your account after repeated failed sign-ins',
    paragraphs: [
      `There were ${config.security.lockoutThreshold} failed attempts in a row to sign in to your account, ` +
        `so we locked it until ${momentIn(until, config.timeZone)}.`,
      'If this was you, wait and try again, or reset your password. ' +
        'If it was not you, reset your password and contact us.',
    ],
  });
}

export function newDeviceEmail(config: Config, device: string, ipAddress: string | null, at: Date) {
  return renderEmail(config, {
    template: 'new-device',
    subject: `New sign-in to your ${config.brand.shortName} account`,
    heading: 'Someone signed in from a new device',
    paragraphs: [
      'If this was you, there is nothing to do.',
      'If it was not you, change your password now and contact us: we can end every session and secure your account.',
    ],
    details: [
      ['Device', device],
      ['IP address', ipAddress ?? 'unknown'],
      ['Time', momentIn(at, config.timeZone)],
    ],
  });
}

export function passwordResetEmail(config: Config, link: string) {
  return renderEmail(config, {
    template: 'password-reset',
    subject: `Reset your ${config.brand.shortName} password`,
    heading: 'Reset your password',
    paragraphs: [
      `Open this link to choose a new password: ${link}`,
      `The link works once, for ${config.security.passwordResetMinutes} minutes. ` +
        'You will still need a sign-in code afterwards.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
  });
}

/** A staff account made at the server (`npm run staff:create`): the holder chooses its first password. */
export function firstPasswordEmail(config: Config, link: string, hours: number) {
  return renderEmail(config, {
    template: 'first-password',
    subject: `Your ${config.brand.shortName} staff account`,
    heading: 'Choose your password',
    paragraphs: [
      `A staff account on ${config.brand.name} Online Banking was made for you. ` +
        `Open this link to choose your password: ${link}`,
      `The link works once, for ${hours} hours; after that, use "Forgot password?" on the sign-in page. ` +
        'You will sign in with your password and a code' +
        (config.security.requireStaffTotp ? ', then set up an authenticator app before the staff console opens.' : '.'),
      `If you did not expect this account, tell us at ${config.support.email}. ${never}`,
    ],
  });
}

/** Sent whenever the authenticator is switched on or off, by the member or by staff. */
export function twoFactorChangedEmail(config: Config, on: boolean, at: Date) {
  const what = on ? 'turned on' : 'turned off';
  return renderEmail(config, {
    template: 'two-factor-changed',
    subject: `Two-factor authentication was ${what}`,
    heading: `Two-factor authentication was ${what}`,
    paragraphs: [
      on
        ? `An authenticator app was set up for your account on ${momentIn(at, config.timeZone)}. ` +
          'From now on you sign in with a code from it, and new backup codes were issued.'
        : `The authenticator app for your account was turned off on ${momentIn(at, config.timeZone)}. ` +
          'Sign-in codes will be e-mailed to you.',
      `If you did not do this, contact us at once on ${config.support.phone}.`,
    ],
  });
}

export function passwordChangedEmail(config: Config, at: Date) {
  return renderEmail(config, {
    template: 'password-changed',
    subject: `Your ${config.brand.shortName} password was changed`,
    heading: 'Your password was changed',
    paragraphs: [
      `Your password was changed on ${momentIn(at, config.timeZone)}. Every other session has been signed out.`,
      `If you did not do this, contact us at once on ${config.support.phone}.`,
    ],
  });
}
