import { type AccountType, centsToDecimal, messages, parseMoney } from '@mutual/shared';
import type { z } from 'zod';
import type { createUserSchema } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { type Actor, type RequestMeta, recordAudit } from '../audit/record-audit';
import { assertNotCommon, hashPassword } from '../auth/passwords';
import { issueMissingDebitCard } from '../cards/issue-card';
import { generalLedger } from '../ledger/general-ledger';
import { openMemberAccounts } from '../ledger/member-accounts';
import { postTransfer } from '../ledger/post-transfer';
import { users } from '../people/people.tables';
import { toUserSummary } from './list-users';

type CreateUserOutput = z.output<typeof createUserSchema>;
/** Opening balances may be left out (the seed and tests): they are then zero. */
export type CreateUser = Omit<CreateUserOutput, 'checkingBalance' | 'savingsBalance'> &
  Partial<Pick<CreateUserOutput, 'checkingBalance' | 'savingsBalance'>>;

/**
 * Staff create a user directly (spec: Create New User). Such users are status `active`, already
 * verified, and carry `createdBy` (the staff member's e-mail, spec §3); a member (role user) gets a
 * Checking and a Savings account, and the opening balances staff typed are posted as opening
 * deposits (from cash, category Deposit). Staff (role admin) have no accounts: the schema refuses a
 * joint holder or an opening balance for them.
 */
export async function createUser(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'secrets' | 'cardKeys'>,
  input: CreateUser,
  actor: Actor,
  meta: RequestMeta,
) {
  const now = deps.clock();
  assertNotCommon(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const [first = input.name, ...rest] = input.name.split(/\s+/);
  // Only a member has accounts to share (the schema refuses a joint holder for role admin).
  const joint = input.isJointAccount && input.role === 'user' ? input.jointAccountHolder : null;
  return deps.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        name: input.name,
        phone: input.phone,
        role: input.role,
        status: 'active',
        verificationStatus: 'verified',
        firstName: first,
        lastName: rest.join(' '),
        street: input.address.street,
        city: input.address.city,
        state: input.address.state,
        postalCode: input.address.zipCode,
        country: 'United States',
        isJointAccount: joint !== null,
        jointHolderName: joint?.name ?? null,
        jointHolderEmail: joint?.email ?? null,
        jointHolderPhone: joint?.phone ?? null,
        createdBy: actor.email,
        registrationDate: now,
        approvedAt: now,
        createdAt: now,
        updatedAt: now,
        passwordChangedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) {
      const message = messages.admin.createUserFailed(messages.registration.emailInUse);
      throw new AppError('CONFLICT', message, { email: messages.registration.emailInUse });
    }
    const opening: Record<AccountType, bigint> = {
      Checking: cents(input.checkingBalance),
      Savings: cents(input.savingsBalance),
    };
    if (user.role === 'user') {
      const accounts = await openMemberAccounts(tx, user.id, deps.config.routingNumber, now);
      for (const account of accounts) {
        const amount = opening[account.type];
        if (amount <= 0n) continue;
        await postTransfer(tx, {
          kind: 'single',
          debitAccountId: generalLedger.cash,
          creditAccountId: account.id,
          amount,
          category: 'Deposit',
          debitMemo: `Opening deposit: ${user.email} ${account.type}`,
          creditMemo: 'Opening deposit',
          now,
          createdBy: actor.userId,
        });
      }
      await issueMissingDebitCard(tx, deps, user, now);
    }
    await recordAudit(tx, {
      action: 'user.created',
      actor,
      targetUserId: user.id,
      meta,
      after: {
        email: user.email,
        role: user.role,
        status: user.status,
        isJointAccount: user.isJointAccount,
        ...(user.role === 'user' && {
          openingBalances: { Checking: centsToDecimal(opening.Checking), Savings: centsToDecimal(opening.Savings) },
        }),
      },
      at: now,
    });
    return toUserSummary(user);
  });
}

function cents(value: string | undefined): bigint {
  const parsed = parseMoney(value ?? '0');
  return parsed.ok ? parsed.cents : 0n;
}
