/**
 * The credit union's own accounts, created by migration 0005 with these fixed ids: the other side
 * of every movement into or out of members' accounts.
 */
export const generalLedger = {
  cash: '00000000-0000-4000-8000-000000000001',
  achClearing: '00000000-0000-4000-8000-000000000002',
  wireClearing: '00000000-0000-4000-8000-000000000003',
  billPayClearing: '00000000-0000-4000-8000-000000000004',
  depositClearing: '00000000-0000-4000-8000-000000000005',
  cardSettlement: '00000000-0000-4000-8000-000000000006',
  adjustments: '00000000-0000-4000-8000-000000000007',
} as const;
export type GeneralLedgerAccount = keyof typeof generalLedger;
