/**
 * Settings the harness gives the server. The specs assert these values, so a page that shows a
 * hard-coded phone number or routing number instead of the configured one fails.
 */
export const e2eSite = {
  routingNumber: '123456780',
  supportPhone: '1-800-555-0177',
  supportEmail: 'help@e2e-mutual.example',
  // Not the default (Monday to Friday 8AM-8PM EST), so hours typed into a page would show.
  supportHours: 'Monday to Friday 7AM-7PM EST',
  ncuaNotice: 'Federally insured by NCUA.',
} as const;

export const e2eServerEnv = {
  ROUTING_NUMBER: e2eSite.routingNumber,
  SUPPORT_PHONE: e2eSite.supportPhone,
  SUPPORT_EMAIL: e2eSite.supportEmail,
  SUPPORT_HOURS: e2eSite.supportHours,
  // The suite signs in and applies many times from one address; the limits have their own API tests.
  AUTH_RATE_LIMIT: '1000',
  SIGNUP_RATE_LIMIT: '1000',
  // Every browser, API client and mailbox poll of the run shares localhost's per-minute budget;
  // the money pages refetch after each change, which went past the default 600 (a 429 mid-test).
  RATE_LIMIT_PER_MINUTE: '10000',
} as const;
