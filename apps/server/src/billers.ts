import { readFileSync } from 'node:fs';
import { billerCategories, isValidRoutingNumber } from '@mutual/shared';
import { z } from 'zod';

/**
 * The credit union's biller directory (Bill Pay). Each biller is paid electronically — a NACHA
 * CCD entry to its bank's routing number and its account there — or by a check the bill-pay
 * processor mails to its address. Read once at start from BILL_PAY_BILLERS_FILE (a JSON array of
 * these), or the demo's six billers of spec §3 when unset.
 */
const billerSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]{2,40}$/, 'must be 2 to 40 lower-case letters, digits or dashes'),
    name: z.string().trim().min(1).max(80),
    category: z.enum(billerCategories),
    delivery: z.enum(['electronic', 'check']),
    /** Electronic: the biller's bank and account, where the CCD entry goes. */
    routingNumber: z.string().refine(isValidRoutingNumber, 'must be a valid ABA routing number').optional(),
    accountNumber: z
      .string()
      .regex(/^[0-9A-Za-z]{1,17}$/)
      .optional(),
    /** Check: where the processor mails it. */
    address: z.string().trim().min(1).max(200).optional(),
  })
  .refine((b) => b.delivery !== 'electronic' || (b.routingNumber && b.accountNumber), {
    message: 'an electronic biller needs routingNumber and accountNumber',
  })
  .refine((b) => b.delivery !== 'check' || b.address, { message: 'a check biller needs an address' });

export type BillerEntry = z.infer<typeof billerSchema>;

/** The demo credit union's billers: made up, on real-looking test routing numbers. */
export const demoBillers: BillerEntry[] = [
  {
    id: 'demo-electric',
    name: 'Riverside Electric Co.',
    category: 'electric',
    delivery: 'electronic',
    routingNumber: '021000021',
    accountNumber: '4400120001',
  },
  {
    id: 'demo-water',
    name: 'City Water Utility',
    category: 'water',
    delivery: 'check',
    address: '100 Reservoir Road, Springfield, IL 62701',
  },
  {
    id: 'demo-internet',
    name: 'FastNet Internet',
    category: 'internet',
    delivery: 'electronic',
    routingNumber: '026009593',
    accountNumber: '7700450002',
  },
  {
    id: 'demo-mobile',
    name: 'Horizon Mobile',
    category: 'mobile',
    delivery: 'electronic',
    routingNumber: '121000248',
    accountNumber: '3300980003',
  },
  {
    id: 'demo-insurance',
    name: 'Guardian Auto & Home Insurance',
    category: 'insurance',
    delivery: 'check',
    address: 'PO Box 4410, Hartford, CT 06101',
  },
  {
    id: 'demo-streaming',
    name: 'StreamBox',
    category: 'streaming',
    delivery: 'electronic',
    routingNumber: '011000138',
    accountNumber: '9900310004',
  },
];

export function loadBillers(file: string | undefined): BillerEntry[] {
  if (!file) return demoBillers;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`BILL_PAY_BILLERS_FILE: cannot read ${file}: ${(error as Error).message}`);
  }
  const parsed = z
    .array(billerSchema)
    .min(1)
    .refine((list) => new Set(list.map((b) => b.id)).size === list.length, 'biller ids must be unique')
    .safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`BILL_PAY_BILLERS_FILE ${file} is not a valid biller directory:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
