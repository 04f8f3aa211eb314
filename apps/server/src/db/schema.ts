/** Every module's tables, gathered for Drizzle and drizzle-kit. Each module owns its own file. */
export * from '../modules/content/content.tables';
export * from '../modules/mail/mail.tables';
export * from '../modules/audit/audit.tables';
export * from '../modules/auth/auth.tables';
export * from '../modules/files/files.tables';
export * from '../modules/ledger/ledger.tables';
export * from '../modules/people/people.tables';
export * from '../modules/notifications/notifications.tables';
export * from '../modules/onboarding/onboarding.tables';
export * from '../modules/payments/payments.tables';
export * from '../modules/transfers/transfers.tables';
export * from '../modules/holds/holds.tables';
export * from '../modules/bill-pay/bill-pay.tables';
export * from '../modules/statements/statements.tables';
export * from '../modules/deposits/deposits.tables';
export * from '../modules/cards/cards.tables';
