import net from 'node:net';
import path from 'node:path';
import { isValidRoutingNumber, PROFILE_IMAGE_MAX_BYTES, parseHundredths, parseMoney } from '@mutual/shared';
import { z } from 'zod';
import { decodeSecretKey, secretKeyId } from './crypto/secret-box';
import { loadBillers } from './billers';

/**
 * The single source of settings. Everything a credit union may tune — its name, contacts,
 * routing number, marketing rates and the limits of spec §9 — is read from the environment here,
 * validated once at start, and passed down; nothing else reads `process.env`.
 */

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
/** A proxy's address for TRUST_PROXY: an IP, a CIDR range, or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/**
 * Whose `X-Forwarded-For` is believed: nobody's (`false`), or the proxies' at the given addresses
 * (`10.0.0.5`, `10.0.0.0/8,loopback`); the client's address is then the last one no trusted proxy
 * stands at. `true`, believing every hop, is refused: the leftmost address is whatever the client
 * wrote, and per-address rate limits, the dev mailbox's loopback gate and the audit log go by it.
 * So is a hop count: it cannot tell the load balancer from a client that connects directly.
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): false | string[] => {
    if (['false', '0', 'no', ''].includes(value)) return false;
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        "must be false or the proxies' addresses (10.0.0.5, 10.0.0.0/8, loopback); true and hop counts are " +
        'refused: they believe an address a client writes',
    });
    return z.NEVER;
  });
const int = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);
const percent = (fallback: string) =>
  z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?%$/, 'must look like 3.50%')
    .default(fallback);
const moneyCents = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const parsed = parseMoney(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: 'must be an amount like 10000.00' });
        return z.NEVER;
      }
      return parsed.cents;
    });
/** "2%" → 200n, "3.50%" → 350n: a percent in hundredths, exactly (the schema's `percent` checked its form). */
function basisPoints(percentText: string): bigint {
  const parsed = parseHundredths(percentText.replace(/%$/, ''), 2);
  if (!parsed.ok) throw new Error(`not a percent: ${percentText}`);
  return parsed.value;
}

const color = (fallback: string) =>
  z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #0f4c81')
    .default(fallback);

/** The BIN demo cards are numbered on: a well-known test BIN, refused in production. */
export const DEMO_CARD_BIN = '424242';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('localhost'),
  PORT: int(3000),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /**
   * PostgreSQL that stops answering (a failover, a cut network) is an outage with 503s, not a hang:
   * a connection attempt or a wait for a pooled one, and one query's answer, give up after these;
   * the LISTEN connection checks itself this often (db/pg-connections.ts).
   */
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().positive().default(5),
  DATABASE_QUERY_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  DATABASE_HEARTBEAT_SECONDS: z.coerce.number().positive().default(15),
  DEMO_MODE: bool.optional(),
  WEB_DIST: z.string().optional(),

  SMTP_URL: z.string().optional(),
  /**
   * Without SMTP, mail is kept for the dev mailbox (/dev/mailbox), served to this computer only
   * (loopback); `public` serves it to anyone, and the site's banner then says every code is public.
   */
  DEV_MAILBOX: z.enum(['loopback', 'public']).default('loopback'),
  MAIL_FROM: z.string().optional(),

  CU_NAME: z.string().min(1).default('Mutual Demo Credit Union'),
  CU_SHORT_NAME: z.string().min(1).default('Mutual Demo'),
  CU_LOGO_TEXT: z.string().min(1).max(3).default('M'),
  CU_TAGLINE: z.string().default('Banking that belongs to you.'),
  CU_PRIMARY_COLOR: color('#0f4c81'),
  CU_ACCENT_COLOR: color('#0d9488'),
  CU_FOUNDED: int(1952),
  CU_STREET: z.string().default('100 Harbor Street'),
  CU_CITY: z.string().default('Portland'),
  CU_STATE: z.string().default('ME'),
  CU_POSTAL_CODE: z.string().default('04101'),
  ROUTING_NUMBER: z
    .string()
    .default('211274450')
    .refine(isValidRoutingNumber, 'must be 9 digits with a valid ABA check digit'),
  NCUA_NOTICE: z
    .string()
    .default(
      'Federally insured by NCUA. Your savings are federally insured to at least $250,000 ' +
        'and backed by the full faith and credit of the United States Government.',
    ),

  /** The credit union's time zone: month boundaries, statement periods, history date filters. */
  TIME_ZONE: z
    .string()
    .default('America/New_York')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/New_York'),
  SUPPORT_EMAIL: z.email().default('support@mutual-demo.example'),
  SUPPORT_PHONE: z.string().default('1-800-555-0142'),
  SUPPORT_HOURS: z.string().default('Monday to Friday 8AM-8PM EST'),
  SUPPORT_CHAT_HOURS: z.string().default('Monday-Friday 9AM-6PM'),
  SUPPORT_EMAIL_RESPONSE: z.string().default('within 24 hours'),
  APPROVAL_TIME: z.string().default('1-2 business days'),

  RATE_SATISFACTION: percent('98%'),
  RATE_SAVINGS_APY: percent('3.50%'),
  RATE_INTRO_APR: percent('0%'),
  RATE_INTRO_APR_MONTHS: int(15),
  RATE_MORTGAGE_FROM: percent('3.99%'),
  RATE_PERSONAL_LOAN_FROM: percent('5.99%'),
  RATE_BUSINESS_LOAN_FROM: percent('4.99%'),
  RATE_BUSINESS_SAVINGS_UP_TO: percent('2.50%'),
  RATE_CASH_BACK: percent('2%'),
  RATE_AUTO_LOAN_FROM: percent('4.49%'),
  RATE_CERTIFICATE_APY: percent('4.10%'),

  ABOUT_MEMBERS: int(100000),
  ABOUT_ASSETS_MILLIONS: int(2500),
  ABOUT_SATISFACTION_PERCENT: int(98),
  ABOUT_BRANCHES: int(25),
  ABOUT_IMPACT_MILLIONS: int(5),

  MARKET_AS_OF: z.string().default('November 2026'),
  MARKET_EMBED_URL: z.url({ protocol: /^https$/ }).optional(),

  RATE_LIMIT_PER_MINUTE: int(600),
  /** Where rate-limit counters live: auto = Redis with REDIS_URL, else the database on PostgreSQL, else memory. */
  RATE_LIMIT_STORE: z.enum(['auto', 'memory', 'database', 'redis']).default('auto'),
  /** Redis for state shared by several instances (rate limits), e.g. redis://127.0.0.1:6379. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Bearer token for GET /metrics; unset, there is no /metrics. */
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
  /** AES-256-GCM key for secrets read back (authenticator secrets): base64 of 32 bytes. */
  SECRETS_KEY: z
    .string()
    .refine(
      (key) => key.trim() === '' || decodeSecretKey(key) !== null,
      'must be 32 random bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  /** Keys rotated away from, still read until `npm run secrets:rotate` has run: comma list of `id:base64`. */
  SECRETS_KEYS_OLD: z
    .string()
    .default('')
    .transform((list, ctx) =>
      list
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
        .map((item, index) => {
          const [id, base64 = ''] = item.includes(':') ? item.split(':', 2) : [undefined, item];
          const key = decodeSecretKey(base64);
          if (!key) ctx.addIssue({ code: 'custom', message: `key ${index + 1} is not 32 bytes in base64` });
          else if (id !== undefined && id !== secretKeyId(key))
            ctx.addIssue({ code: 'custom', message: `the key listed as ${id} has the id ${secretKeyId(key)}` });
          return base64;
        }),
    ),
  CONTACT_RATE_LIMIT: int(5),
  CONTACT_RATE_WINDOW_MINUTES: int(15),

  RECENT_TRANSACTIONS: int(20),
  STATEMENT_MONTHS: int(13),
  STATEMENTS_FROM: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .default('2024-03'),
  /**
   * Statements drawn on a member's request at once (a closed month the job has not reached yet):
   * per signed-in session, per member, per instance. At least 1, or such a month could not be had.
   */
  STATEMENT_DRAWS_PER_SESSION: z.coerce.number().int().positive().default(2),
  STATEMENT_DRAWS_PER_MEMBER: z.coerce.number().int().positive().default(3),
  STATEMENT_DRAWS_MAX: z.coerce.number().int().positive().default(4),
  /** Mobile deposit (spec §9: 10,000 per check): per check, per day and per 30 days, by amount and count. */
  MOBILE_DEPOSIT_LIMIT: moneyCents('10000.00'),
  MOBILE_DEPOSIT_DAILY_LIMIT: moneyCents('10000.00'),
  MOBILE_DEPOSIT_DAILY_COUNT: int(5),
  MOBILE_DEPOSIT_30_DAY_LIMIT: moneyCents('25000.00'),
  MOBILE_DEPOSIT_30_DAY_COUNT: int(20),
  /** Members of fewer than this many days (since approval) have the lower limits below. */
  MOBILE_DEPOSIT_NEW_MEMBER_DAYS: int(30),
  MOBILE_DEPOSIT_NEW_MEMBER_LIMIT: moneyCents('2500.00'),
  MOBILE_DEPOSIT_NEW_MEMBER_DAILY_LIMIT: moneyCents('2500.00'),
  MOBILE_DEPOSIT_NEW_MEMBER_DAILY_COUNT: int(2),
  MOBILE_DEPOSIT_NEW_MEMBER_30_DAY_LIMIT: moneyCents('5000.00'),
  MOBILE_DEPOSIT_NEW_MEMBER_30_DAY_COUNT: int(5),
  /** Deposits a member may send per minute (each one's photos are decoded and re-encoded). */
  MOBILE_DEPOSIT_RATE_LIMIT: int(10),
  /** Each check photo must be smaller than this. */
  MOBILE_DEPOSIT_IMAGE_MAX_BYTES: int(10 * 1024 * 1024),
  /** Deposits after this time (24-hour, TIME_ZONE) or on a day the Fed is closed count from the next business day. */
  MOBILE_DEPOSIT_CUTOFF: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time like 17:00')
    .default('17:00'),
  /** Funds availability (Regulation CC, local checks): this much the next business day, the rest after HOLD_DAYS. */
  MOBILE_DEPOSIT_NEXT_DAY_AMOUNT: moneyCents('275.00'),
  MOBILE_DEPOSIT_HOLD_DAYS: int(2),
  /** Cards: numbers are 16 digits on this 6-digit BIN (the default is a well-known test BIN; production refuses it). */
  CARD_BIN: z
    .string()
    .regex(/^\d{6}$/, 'must be 6 digits')
    .default(DEMO_CARD_BIN),
  /**
   * Keys the hashes of card numbers and PINs, and the CVV shown: base64 of 32 bytes. Unset outside
   * production: DATA_DIR/card.key.
   */
  CARD_KEY: z
    .string()
    .refine(
      (key) => key.trim() === '' || decodeSecretKey(key) !== null,
      'must be 32 random bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  CARD_EXPIRY_YEARS: int(4),
  /** A new card's limits, and the most a member may set each to. */
  CARD_LIMIT_PER_PURCHASE: moneyCents('2500.00'),
  CARD_LIMIT_DAILY_PURCHASES: moneyCents('5000.00'),
  CARD_LIMIT_DAILY_ATM: moneyCents('500.00'),
  CARD_MAX_PER_PURCHASE: moneyCents('10000.00'),
  CARD_MAX_DAILY_PURCHASES: moneyCents('10000.00'),
  CARD_MAX_DAILY_ATM: moneyCents('1000.00'),
  /** A credit card's line (spec §3: limit 5,000). */
  CREDIT_CARD_LIMIT: moneyCents('5000.00'),
  /** An approved authorization that has not cleared lets its hold go after this many days. */
  CARD_AUTHORIZATION_HOLD_DAYS: int(7),
  /**
   * A clearing may still come this many days after its authorization once the hold has expired: it is
   * posted then if the member's money (or credit) covers it (cards/settle.ts).
   */
  CARD_PRESENTMENT_DAYS: int(30),
  /** Wrong PINs a card may take in a day before every PIN is declined until the next day. */
  CARD_PIN_TRIES: int(3),
  /** How long View Card Details shows the full number and CVV. */
  CARD_DETAILS_SECONDS: int(60),
  /** Merchants outside this country (ISO 3166 alpha-2) are international. */
  CARD_HOME_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be two capital letters, e.g. US')
    .default('US'),
  /**
   * Shared secret the card processor signs requests with (HMAC-SHA256). Unset outside production:
   * DATA_DIR/processor.secret.
   */
  PROCESSOR_SECRET: z.string().min(32, 'PROCESSOR_SECRET must be at least 32 characters').optional(),
  /** How old (or how far ahead) a signed processor request's timestamp may be. */
  PROCESSOR_TOLERANCE_SECONDS: int(300),
  PROFILE_IMAGE_MAX_BYTES: int(PROFILE_IMAGE_MAX_BYTES),
  TRANSFER_LIMIT_COUNT: int(10),
  TRANSFER_LIMIT_WINDOW_HOURS: int(24),
  /** The most one transfer may move; by default what one NACHA entry's amount field holds. */
  TRANSFER_MAX_AMOUNT: moneyCents('99999999.99'),
  RECIPIENT_LOOKUP_RATE_LIMIT: int(10),
  /** Open live-update streams (`/api/me/events`): per signed-in session, per member, per instance. */
  LIVE_STREAMS_PER_SESSION: int(5),
  LIVE_STREAMS_PER_MEMBER: int(10),
  LIVE_STREAMS_MAX: int(2000),
  /** History downloads being written out (CSV, OFX, QIF): per signed-in session, per member, per instance. */
  EXPORTS_PER_SESSION: int(2),
  EXPORTS_PER_MEMBER: int(3),
  EXPORTS_MAX: int(8),
  /** A history download whose reader takes nothing more for this many seconds is ended (its slot freed). */
  EXPORT_STALL_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Uploads being received (check photos, ID documents, profile pictures): per session, member, instance. */
  UPLOADS_PER_SESSION: int(2),
  /** Per member; an upload before sign-in (a registration's ID document) counts per client address. */
  UPLOADS_PER_MEMBER: int(3),
  UPLOADS_MAX: int(32),
  /**
   * How long a held stream, upload or download counts in the shared store (Redis or the database)
   * without its instance renewing it (every third of it): a killed instance's slots free after this.
   */
  SLOT_LEASE_SECONDS: z.coerce.number().int().min(1).default(60),
  /** A request's headers and body must have arrived within this many seconds (408 and closed otherwise). */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(120),
  PROTECTED_STAFF_EMAIL: z.email().optional(),
  SESSION_IDLE_MINUTES: int(15),
  SESSION_ABSOLUTE_HOURS: int(12),
  OTP_TTL_MINUTES: int(10),
  OTP_MAX_ATTEMPTS: int(5),
  REQUIRE_STAFF_TOTP: bool.optional(),
  SIGN_IN_LOCKOUT_THRESHOLD: int(10),
  CONFIRMATION_BLOCK_THRESHOLD: z.coerce.number().int().positive().default(10),
  CONFIRMATION_BLOCK_HOURS: z.coerce.number().int().positive().default(24),
  SIGN_IN_LOCKOUT_MINUTES: int(15),
  PASSWORD_RESET_MINUTES: int(30),
  AUTH_RATE_LIMIT: int(10),
  SIGNUP_RATE_LIMIT: int(5),
  UPLOADS_DIR: z.string().optional(),
  /**
   * Stored bytes no row refers to (an upload whose transaction rolled back) are deleted once this
   * old: longer than any transaction that writes a file stays open.
   */
  FILE_SWEEP_GRACE_MINUTES: z.coerce
    .number()
    .int()
    .min(10, 'must be at least 10 (minutes): an upload whose transaction is still open must be left alone')
    .default(60),
  /** Stored files the sweep looks at per run (each run goes on where the last stopped). */
  FILE_SWEEP_MAX_FILES: z.coerce.number().int().positive().default(10_000),

  /** Payment Operations: pending ACH/wire orders lapse after this many hours (0 = never). */
  PAYMENT_ORDER_EXPIRY_HOURS: int(120),
  /**
   * Bill Pay: payments dated today are sent at this time (24-hour, TIME_ZONE); after it, the
   * earliest date moves one business day later.
   */
  BILL_PAY_CUTOFF: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time like 14:00')
    .default('14:00'),
  /** A JSON file with the credit union's biller directory; unset: the demo's six billers. */
  BILL_PAY_BILLERS_FILE: z.string().optional(),
  BILL_PAY_MAX_PAYEES: int(50),
  /** Bill Pay: scheduled payments (a recurring payment's next one too) and active recurring payments per member. */
  BILL_PAY_MAX_SCHEDULED: int(100),
  BILL_PAY_MAX_SERIES: int(50),
  /** A recurring payment stops by itself after this many of its payments in a row are not sent (0: never). */
  BILL_PAY_SERIES_MAX_MISSED: int(2),
  /** Whether this instance works the job queue (scheduled work); off by default under NODE_ENV=test. */
  JOBS_ENABLED: bool.optional(),
  /** Whether `/api/docs` serves the OpenAPI document and its viewer; off by default under NODE_ENV=production. */
  API_DOCS: bool.optional(),
  /** Seconds between the job queue's polls of each queue (at least 0.5). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /** NACHA file: the ACH operator (immediate destination) and how the credit union is named. */
  ACH_IMMEDIATE_DESTINATION: z
    .string()
    .default('011000015')
    .refine(isValidRoutingNumber, 'must be 9 digits with a valid ABA check digit'),
  ACH_IMMEDIATE_DESTINATION_NAME: z.string().min(1).max(23).default('FEDERAL RESERVE BANK'),
  ACH_COMPANY_NAME: z.string().min(1).max(16).optional(),
  ACH_COMPANY_ID: z
    .string()
    .regex(/^[0-9A-Za-z]{10}$/, 'must be 10 letters or digits (usually 1 followed by the EIN)')
    .default('1000000001'),
});

/** Every setting's name (`.env.example` lists each; config.test.ts keeps it so). */
export const settingNames = Object.keys(envSchema.shape);

/** Environment overrides as strings, the way a process receives them (tests pass these). */
export type Env = Partial<Record<keyof z.input<typeof envSchema>, string>>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const database = e.DATABASE_URL
    ? ({ kind: 'postgres', url: e.DATABASE_URL } as const)
    : ({ kind: 'pglite', dataDir: path.resolve(e.DATA_DIR, 'pglite') } as const);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const demo = e.DEMO_MODE ?? database.kind === 'pglite';

  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    dataDir: path.resolve(e.DATA_DIR),
    database,
    /** How long PostgreSQL may keep the app waiting (ignored by the embedded database). */
    databaseTimeouts: {
      connectMs: Math.round(e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000),
      queryMs: Math.round(e.DATABASE_QUERY_TIMEOUT_SECONDS * 1000),
      heartbeatMs: Math.round(e.DATABASE_HEARTBEAT_SECONDS * 1000),
    },
    /** Demo mode is the default on the embedded database: a banner says the credit union is made up. */
    demo,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `${e.CU_NAME} <${e.SUPPORT_EMAIL}>`,
      devMailbox: e.DEV_MAILBOX,
    },
    brand: {
      name: e.CU_NAME,
      shortName: e.CU_SHORT_NAME,
      logoText: e.CU_LOGO_TEXT,
      tagline: e.CU_TAGLINE,
      primaryColor: e.CU_PRIMARY_COLOR,
      accentColor: e.CU_ACCENT_COLOR,
    },
    address: { street: e.CU_STREET, city: e.CU_CITY, state: e.CU_STATE, postalCode: e.CU_POSTAL_CODE },
    routingNumber: e.ROUTING_NUMBER,
    timeZone: e.TIME_ZONE,
    /**
     * No text-message provider is integrated, so no text is ever sent: the SMS switch says so and
     * cannot be turned on. This becomes true when a provider's settings are added and configured.
     */
    textMessages: { available: false },
    ncuaNotice: e.NCUA_NOTICE,
    approvalTime: e.APPROVAL_TIME,
    support: {
      email: e.SUPPORT_EMAIL,
      phone: e.SUPPORT_PHONE,
      hours: e.SUPPORT_HOURS,
      chatHours: e.SUPPORT_CHAT_HOURS,
      emailResponse: e.SUPPORT_EMAIL_RESPONSE,
    },
    rates: {
      satisfaction: e.RATE_SATISFACTION,
      savingsApy: e.RATE_SAVINGS_APY,
      introApr: e.RATE_INTRO_APR,
      introAprMonths: e.RATE_INTRO_APR_MONTHS,
      mortgageFrom: e.RATE_MORTGAGE_FROM,
      personalLoanFrom: e.RATE_PERSONAL_LOAN_FROM,
      businessLoanFrom: e.RATE_BUSINESS_LOAN_FROM,
      businessSavingsUpTo: e.RATE_BUSINESS_SAVINGS_UP_TO,
      cashBack: e.RATE_CASH_BACK,
      autoLoanFrom: e.RATE_AUTO_LOAN_FROM,
      certificateApy: e.RATE_CERTIFICATE_APY,
    },
    about: {
      members: e.ABOUT_MEMBERS,
      assetsMillions: e.ABOUT_ASSETS_MILLIONS,
      satisfactionPercent: e.ABOUT_SATISFACTION_PERCENT,
      branches: e.ABOUT_BRANCHES,
      impactMillions: e.ABOUT_IMPACT_MILLIONS,
      founded: e.CU_FOUNDED,
    },
    market: { asOf: e.MARKET_AS_OF, embedUrl: e.MARKET_EMBED_URL ?? null },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitStore: e.RATE_LIMIT_STORE,
    redisUrl: e.REDIS_URL ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    contact: { rateLimit: e.CONTACT_RATE_LIMIT, rateWindowMinutes: e.CONTACT_RATE_WINDOW_MINUTES },
    limits: {
      recentTransactions: e.RECENT_TRANSACTIONS,
      statementMonths: e.STATEMENT_MONTHS,
      statementsFrom: e.STATEMENTS_FROM,
      statementDraws: {
        perSession: e.STATEMENT_DRAWS_PER_SESSION,
        perMember: e.STATEMENT_DRAWS_PER_MEMBER,
        total: e.STATEMENT_DRAWS_MAX,
      },
      profileImageMaxBytes: e.PROFILE_IMAGE_MAX_BYTES,
      transferLimitCount: e.TRANSFER_LIMIT_COUNT,
      transferLimitWindowHours: e.TRANSFER_LIMIT_WINDOW_HOURS,
      transferMaxCents: e.TRANSFER_MAX_AMOUNT,
      /** "Verify" recipient look-ups per member and minute, counted across instances. */
      recipientLookupsPerMinute: e.RECIPIENT_LOOKUP_RATE_LIMIT,
      liveStreams: {
        perSession: e.LIVE_STREAMS_PER_SESSION,
        perMember: e.LIVE_STREAMS_PER_MEMBER,
        total: e.LIVE_STREAMS_MAX,
      },
      exports: {
        perSession: e.EXPORTS_PER_SESSION,
        perMember: e.EXPORTS_PER_MEMBER,
        total: e.EXPORTS_MAX,
        stallSeconds: e.EXPORT_STALL_SECONDS,
      },
      uploads: {
        perSession: e.UPLOADS_PER_SESSION,
        perMember: e.UPLOADS_PER_MEMBER,
        perAddress: e.UPLOADS_PER_MEMBER,
        total: e.UPLOADS_MAX,
      },
      slotLeaseSeconds: e.SLOT_LEASE_SECONDS,
      requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    },
    security: {
      /** Never reset on Reset Transfer Counts. Demo mode protects the seeded staff account (demo-seed.ts). */
      protectedStaffEmail: e.PROTECTED_STAFF_EMAIL ?? (demo ? 'staff@mutual-demo.example' : null),
      sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
      sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
      otpTtlMinutes: e.OTP_TTL_MINUTES,
      otpMaxAttempts: e.OTP_MAX_ATTEMPTS,
      /**
       * Staff enrol an authenticator app before the console opens: by default in production, where
       * an e-mailed code alone should not open every member's money; off for the demo and for work.
       */
      requireStaffTotp: e.REQUIRE_STAFF_TOTP ?? e.NODE_ENV === 'production',
      /** Failed passwords and codes in a row before the account locks, and for how long. */
      lockoutThreshold: e.SIGN_IN_LOCKOUT_THRESHOLD,
      lockoutMinutes: e.SIGN_IN_LOCKOUT_MINUTES,
      /**
       * Wrong confirmation codes (US bank transfers, new payees, card codes) within `hours`, all
       * codes together, before the portal blocks the member's money movement (`blockAfterWrongCodes`).
       */
      confirmationBlock: { threshold: e.CONFIRMATION_BLOCK_THRESHOLD, hours: e.CONFIRMATION_BLOCK_HOURS },
      passwordResetMinutes: e.PASSWORD_RESET_MINUTES,
      /** Per IP and minute on sign-in, code checks and resets; sign-ups per IP and hour. */
      authRateLimit: e.AUTH_RATE_LIMIT,
      signupRateLimit: e.SIGNUP_RATE_LIMIT,
    },
    jobs: { enabled: e.JOBS_ENABLED ?? e.NODE_ENV !== 'test', pollSeconds: e.JOB_POLL_SECONDS },
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    paymentOrders: {
      expiryHours: e.PAYMENT_ORDER_EXPIRY_HOURS,
    },
    deposits: {
      standard: {
        perCheck: e.MOBILE_DEPOSIT_LIMIT,
        dailyAmount: e.MOBILE_DEPOSIT_DAILY_LIMIT,
        dailyCount: e.MOBILE_DEPOSIT_DAILY_COUNT,
        monthlyAmount: e.MOBILE_DEPOSIT_30_DAY_LIMIT,
        monthlyCount: e.MOBILE_DEPOSIT_30_DAY_COUNT,
      },
      newMember: {
        perCheck: e.MOBILE_DEPOSIT_NEW_MEMBER_LIMIT,
        dailyAmount: e.MOBILE_DEPOSIT_NEW_MEMBER_DAILY_LIMIT,
        dailyCount: e.MOBILE_DEPOSIT_NEW_MEMBER_DAILY_COUNT,
        monthlyAmount: e.MOBILE_DEPOSIT_NEW_MEMBER_30_DAY_LIMIT,
        monthlyCount: e.MOBILE_DEPOSIT_NEW_MEMBER_30_DAY_COUNT,
      },
      newMemberDays: e.MOBILE_DEPOSIT_NEW_MEMBER_DAYS,
      imageMaxBytes: e.MOBILE_DEPOSIT_IMAGE_MAX_BYTES,
      ratePerMinute: e.MOBILE_DEPOSIT_RATE_LIMIT,
      cutOff: e.MOBILE_DEPOSIT_CUTOFF,
      nextDayAmount: e.MOBILE_DEPOSIT_NEXT_DAY_AMOUNT,
      holdDays: e.MOBILE_DEPOSIT_HOLD_DAYS,
    },
    cards: {
      bin: e.CARD_BIN,
      key: e.CARD_KEY?.trim() ? e.CARD_KEY.trim() : null,
      keyFile: path.resolve(e.DATA_DIR, 'card.key'),
      expiryYears: Math.max(1, e.CARD_EXPIRY_YEARS),
      defaults: {
        perPurchase: e.CARD_LIMIT_PER_PURCHASE,
        dailyPurchases: e.CARD_LIMIT_DAILY_PURCHASES,
        dailyAtm: e.CARD_LIMIT_DAILY_ATM,
      },
      ceilings: {
        perPurchase: e.CARD_MAX_PER_PURCHASE,
        dailyPurchases: e.CARD_MAX_DAILY_PURCHASES,
        dailyAtm: e.CARD_MAX_DAILY_ATM,
      },
      creditLimit: e.CREDIT_CARD_LIMIT,
      /** Basis points of each cleared credit purchase earned as reward points (RATE_CASH_BACK). */
      rewardsBasisPoints: basisPoints(e.RATE_CASH_BACK),
      rewardsRate: e.RATE_CASH_BACK,
      holdDays: e.CARD_AUTHORIZATION_HOLD_DAYS,
      presentmentDays: e.CARD_PRESENTMENT_DAYS,
      pinTries: Math.max(1, e.CARD_PIN_TRIES),
      detailsSeconds: Math.max(10, e.CARD_DETAILS_SECONDS),
      homeCountry: e.CARD_HOME_COUNTRY,
      processorSecret: e.PROCESSOR_SECRET ?? null,
      processorSecretFile: path.resolve(e.DATA_DIR, 'processor.secret'),
      processorToleranceSeconds: Math.max(30, e.PROCESSOR_TOLERANCE_SECONDS),
    },
    billPay: {
      cutOff: e.BILL_PAY_CUTOFF,
      billers: loadBillers(e.BILL_PAY_BILLERS_FILE),
      /** Whether the directory is the demo's (production refuses it). */
      demoBillers: !e.BILL_PAY_BILLERS_FILE,
      maxPayees: e.BILL_PAY_MAX_PAYEES,
      maxScheduled: e.BILL_PAY_MAX_SCHEDULED,
      maxSeries: e.BILL_PAY_MAX_SERIES,
      seriesMaxMissed: e.BILL_PAY_SERIES_MAX_MISSED,
    },
    ach: {
      immediateDestination: e.ACH_IMMEDIATE_DESTINATION,
      immediateDestinationName: e.ACH_IMMEDIATE_DESTINATION_NAME,
      companyName: e.ACH_COMPANY_NAME ?? e.CU_SHORT_NAME,
      companyId: e.ACH_COMPANY_ID.toUpperCase(),
    },
    uploadsDir: path.resolve(e.UPLOADS_DIR ?? path.join(e.DATA_DIR, 'uploads')),
    /** The `files.sweep` job: unreferenced bytes older than `graceMinutes`, `maxFiles` looked at per run. */
    fileSweep: { graceMinutes: e.FILE_SWEEP_GRACE_MINUTES, maxFiles: e.FILE_SWEEP_MAX_FILES },
    secrets: {
      /** Unset outside production: a key kept in `keyFile`, made on first start (crypto/secret-keys.ts). */
      key: e.SECRETS_KEY?.trim() ? e.SECRETS_KEY.trim() : null,
      oldKeys: e.SECRETS_KEYS_OLD,
      keyFile: path.resolve(e.DATA_DIR, 'secrets.key'),
    },
    /** Cookies get the `__Host-` prefix and `Secure` when the portal is served over HTTPS. */
    secureCookies: publicUrl.startsWith('https://'),
  };
}

export type Config = ReturnType<typeof loadConfig>;
