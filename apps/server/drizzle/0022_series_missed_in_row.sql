-- A recurring bill payment counts its payments not sent since the last one sent, and stops by
-- itself at BILL_PAY_SERIES_MAX_MISSED of them in a row (bill-pay/bill-payments.ts, continueSeries);
-- stop_reason says why, in the member's words, and stays null when the member stopped it.
ALTER TABLE "bill_series" ADD COLUMN "missed_in_row" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_series" ADD COLUMN "stop_reason" text;