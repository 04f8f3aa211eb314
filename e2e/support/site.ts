/**
 * Settings the harness gives the server. The specs assert these values, so a page that shows a
 * hard-coded phone number or routing number instead of the configured one fails.
 */
export const e2eSite = {
  routingNumber: '123456780',
  supportPhone: '1-800-555-0177',
  supportEmail: 'help@e2e-mutual.example',
  ncuaNotice: 'Federally insured by NCUA.',
} as const;

export const e2eServerEnv = {
  ROUTING_NUMBER: e2eSite.routingNumber,
  SUPPORT_PHONE: e2eSite.supportPhone,
  SUPPORT_EMAIL: e2eSite.supportEmail,
  // The suite signs in and applies many times from one address; the limits have their own API tests.
  AUTH_RATE_LIMIT: '1000',
  SIGNUP_RATE_LIMIT: '1000',
} as const;
