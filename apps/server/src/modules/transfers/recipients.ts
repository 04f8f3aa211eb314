import { messages, type Recipient } from '@mutual/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { ledgerAccounts } from '../ledger/ledger.tables';
import { users } from '../people/people.tables';

export interface RecipientAccount {
  userId: string;
  name: string;
  email: string;
  notifyEmail: boolean;
  checkingAccountId: string;
}

/**
 * A member who can receive a transfer: an approved or staff-created member with a Checking
 * account. Applicants, rejected people and staff are "not found", like an unknown address.
 */
export async function findRecipient(db: Executor, email: string): Promise<RecipientAccount | null> {
  const [row] = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      notifyEmail: users.notifyEmail,
      checkingAccountId: ledgerAccounts.id,
    })
    .from(users)
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.userId, users.id), eq(ledgerAccounts.type, 'Checking')))
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        eq(users.role, 'user'),
        inArray(users.status, ['approved', 'active']),
      ),
    );
  return row ?? null;
}

/** "Verify" on the To Member tab (spec §5). */
export async function verifyRecipient(
  db: Executor,
  sender: { id: string; email: string },
  email: string,
): Promise<Recipient> {
  if (email.toLowerCase() === sender.email.toLowerCase()) {
    throw new AppError('VALIDATION_FAILED', messages.transfers.ownAccount, { email: messages.transfers.ownAccount });
  }
  const recipient = await findRecipient(db, email);
  if (!recipient)
    throw new AppError('NOT_FOUND', messages.transfers.recipientNotFound, {
      email: messages.transfers.recipientNotFound,
    });
  const name = recipient.name || recipient.email;
  return { name, email: recipient.email, message: messages.transfers.recipientFound(name) };
}
