import { messages } from '@mutual/shared';
import type { z } from 'zod';
import type { createUserSchema } from '@mutual/shared';
import type { AppDeps } from '../../app';
import { AppError } from '../../http/app-error';
import { type Actor, type RequestMeta, recordAudit } from '../audit/record-audit';
import { assertNotCommon, hashPassword } from '../auth/passwords';
import { openMemberAccounts } from '../ledger/member-accounts';
import { users } from '../members/members.tables';
import { toUserSummary } from './list-users';

export type CreateUser = z.output<typeof createUserSchema>;

/**
 * Staff create a user directly (spec: Create New User). Such users are status `active` and
 * already verified; a member (role user) gets a Checking and a Savings account at zero.
 */
export async function createUser(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>, input: CreateUser, actor: Actor, meta: RequestMeta) {
  const now = deps.clock();
  assertNotCommon(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const [first = input.name, ...rest] = input.name.split(/\s+/);
  const joint = input.isJointAccount ? input.jointAccountHolder : null;
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
    if (user.role === 'user') await openMemberAccounts(tx, user.id, deps.config.routingNumber, now);
    await recordAudit(tx, {
      action: 'user.created',
      actor,
      targetUserId: user.id,
      meta,
      after: { email: user.email, role: user.role, status: user.status, isJointAccount: user.isJointAccount },
      at: now,
    });
    return toUserSummary(user);
  });
}
