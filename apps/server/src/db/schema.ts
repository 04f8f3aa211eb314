/** Every module's tables, gathered for Drizzle and drizzle-kit. Each module owns its own file. */
export * from '../modules/content/content.tables';
export * from '../modules/mail/mail.tables';
