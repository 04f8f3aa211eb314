/**
 * The credit union's own accounts, created by migrations 0005, 0012 and 0013 with these fixed ids: the other side
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
  /** Dividends paid on members' savings (migration 0012). */
  dividends: '00000000-0000-4000-8000-000000000008',
  /** Fees charged to members (a staff entry of category Fee; migration 0012). */
  feeIncome: '00000000-0000-4000-8000-000000000009',
  /** Returned checks the member's account could not cover: what members owe (migration 0013). */
  returnedItems: '00000000-0000-4000-8000-000000000010',
} as const;
export type GeneralLedgerAccount = keyof typeof generalLedger;
