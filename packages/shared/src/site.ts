import { z } from 'zod';
import { moneyString } from './money-string';

/**
 * What the public web app needs to know about the credit union running it: brand, contacts,
 * marketing figures. Served by `GET /api/site`; the values come from the server configuration.
 */
export const publicSiteSchema = z.object({
  demo: z.boolean(),
  /** Demo mode only: the seeded sign-ins shown on /login. Never set for a real credit union. */
  demoSignIns: z.array(z.object({ label: z.string(), email: z.string(), password: z.string() })),
  /** The dev mailbox is open to anyone (DEV_MAILBOX=public): the banner says every sign-in code is public. */
  devMailboxPublic: z.boolean(),
  /** The most one transfer may move (TRANSFER_MAX_AMOUNT), as the API writes amounts: "99999999.99". */
  transferMaxAmount: moneyString,
  brand: z.object({
    name: z.string(),
    shortName: z.string(),
    logoText: z.string(),
    tagline: z.string(),
    primaryColor: z.string(),
    accentColor: z.string(),
  }),
  support: z.object({
    email: z.string(),
    phone: z.string(),
    hours: z.string(),
    chatHours: z.string(),
    emailResponse: z.string(),
  }),
  address: z.object({ street: z.string(), city: z.string(), state: z.string(), postalCode: z.string() }),
  routingNumber: z.string(),
  /** The credit union's IANA time zone (TIME_ZONE): every date and time on screen is on its clock. */
  timeZone: z.string(),
  /** Whether text messages can be sent (a provider is configured); until then the SMS switch says not yet. */
  textMessages: z.boolean(),
  ncuaNotice: z.string(),
  approvalTime: z.string(),
  rates: z.object({
    satisfaction: z.string(),
    savingsApy: z.string(),
    introApr: z.string(),
    introAprMonths: z.number().int(),
    mortgageFrom: z.string(),
    personalLoanFrom: z.string(),
    businessLoanFrom: z.string(),
    businessSavingsUpTo: z.string(),
    cashBack: z.string(),
    autoLoanFrom: z.string(),
    certificateApy: z.string(),
  }),
  about: z.object({
    members: z.number().int(),
    assetsMillions: z.number().int(),
    satisfactionPercent: z.number().int(),
    branches: z.number().int(),
    impactMillions: z.number().int(),
    founded: z.number().int(),
  }),
  market: z.object({
    asOf: z.string(),
    embedUrl: z.string().nullable(),
    indicators: z.array(z.object({ label: z.string(), value: z.string(), change: z.string() })),
  }),
});

export type PublicSite = z.infer<typeof publicSiteSchema>;
