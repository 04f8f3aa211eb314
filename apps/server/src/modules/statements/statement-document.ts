/**
 * Everything one monthly statement says, assembled from the ledger (`build-statement.ts`) and
 * drawn as a PDF (`render-statement-pdf.ts`). Money is in cents (bigint); dates are the credit
 * union's calendar days (`YYYY-MM-DD`, TIME_ZONE). The renderer only draws: it computes nothing
 * but the page numbers.
 */
export interface StatementDocument {
  creditUnion: {
    name: string;
    /** Street, then "City, ST 12345". */
    addressLines: string[];
    routingNumber: string;
    phone: string;
    email: string;
    /** Support hours, e.g. "Monday to Friday 8AM-8PM EST". */
    hours: string;
    ncuaNotice: string;
  };
  member: {
    name: string;
    /** The mailing address on file, line by line (may be empty when none is on file). */
    addressLines: string[];
    /** The member number (`member_number`), if the portal has one, else null. */
    memberNumber: string | null;
  };
  account: {
    type: 'Checking' | 'Savings';
    /** "••••1234". */
    maskedNumber: string;
  };
  period: {
    /** `YYYY-MM`. */
    id: string;
    /** "October 2026". */
    label: string;
    /** First and last calendar day, `YYYY-MM-DD`. */
    from: string;
    to: string;
    days: number;
  };
  /** When the statement was issued (an ISO instant); also the PDF's creation date. */
  issuedAt: string;
  /** What the PDF's keywords and title say; also its stable document id. */
  statementId: string;

  openingBalance: bigint;
  closingBalance: bigint;
  /** Sum of the credit lines, and how many. */
  totalCredits: bigint;
  creditCount: number;
  /** Sum of the debit lines, and how many. */
  totalDebits: bigint;
  debitCount: number;
  /** Money held for pending payments at the period's end (not in the lines; not in the balance). */
  pendingAtClose: bigint;

  fees: { period: bigint; yearToDate: bigint };
  /** Truth in Savings (Regulation DD): Savings only; null on Checking. */
  dividends: {
    earned: bigint;
    yearToDate: bigint;
    /** "3.50%": the annual percentage yield earned, two decimals (Reg DD Appendix A). */
    apyEarned: string;
    /** The rate the account earned at, as configured ("3.50%"). */
    apy: string;
    averageDailyBalance: bigint;
    days: number;
  } | null;

  /** Every posted movement of the period, in posting order. */
  lines: StatementLine[];
}

export interface StatementLine {
  /** The posting day (`YYYY-MM-DD`). */
  postedOn: string;
  /**
   * The day the money counts from, when it differs from `postedOn` (a backdated staff entry, or
   * the dividend dated the period's last day): the statement prints it under the description.
   */
  effectiveOn: string | null;
  description: string;
  /** What kind of movement: "Transfer", "Bill Pay", "Deposit", "Dividend", "Fee", "Reversal", … */
  type: string;
  /** Who the money went to or came from, for electronic transfers; null when there is none. */
  counterparty: string | null;
  /** The member's own words (a memo or reference), if any. */
  reference: string | null;
  direction: 'credit' | 'debit';
  amount: bigint;
  /** The balance after this line. */
  balance: bigint;
}
