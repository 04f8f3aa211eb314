import { eq } from 'drizzle-orm';
import { type Me, messages, type ProfileUpdate, type SettingsUpdate } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { type RequestMeta, recordOwnAction } from '../audit/record-audit';
import { backupCodeStatus } from '../auth/backup-codes';
import { fileUrl } from '../files/save-file';
import { type UserRow, users } from '../people/people.tables';
import { jointHolderOf } from '../people/users';

export async function toMe(db: Executor, user: UserRow): Promise<Me> {
  const codes = await backupCodeStatus(db, user.id);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    phone: user.phone,
    role: user.role as Me['role'],
    status: user.status as Me['status'],
    firstName: user.firstName,
    lastName: user.lastName,
    address: {
      street: user.street,
      city: user.city,
      state: user.state,
      postalCode: user.postalCode,
      country: user.country,
    },
    isJointAccount: user.isJointAccount,
    jointAccountHolder: jointHolderOf(user),
    profileImageUrl: fileUrl(user.profileImageFileId),
    notifications: { email: user.notifyEmail, sms: user.notifySms, push: user.notifyPush },
    security: { twoFactor: user.totpEnabledAt !== null, loginAlerts: user.loginAlerts },
    backupCodesRemaining: codes.remaining,
    registrationDate: user.registrationDate.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** Applies a change to the person's own row and audits it with before/after of the touched fields. */
async function updateOwn(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: UserRow,
  action: string,
  changes: Partial<typeof users.$inferInsert>,
  meta: RequestMeta,
): Promise<Me> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [after] = await tx
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    if (!after) throw new AppError('NOT_FOUND', 'User not found');
    const keys = Object.keys(changes) as Array<keyof UserRow>;
    await recordOwnAction(tx, user, {
      action,
      meta,
      before: Object.fromEntries(keys.map((key) => [key, user[key]])),
      after: Object.fromEntries(keys.map((key) => [key, after[key]])),
      at: now,
    });
    return toMe(tx, after);
  });
}

export function updateProfile(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: UserRow,
  input: ProfileUpdate,
  meta: RequestMeta,
) {
  const { address } = input;
  return updateOwn(
    deps,
    user,
    'profile.updated',
    {
      name: input.name,
      phone: input.phone,
      street: address.street,
      city: address.city,
      state: address.state,
      postalCode: address.postalCode,
      country: address.country,
    },
    meta,
  );
}

export async function updateSettings(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  user: UserRow,
  input: SettingsUpdate,
  meta: RequestMeta,
) {
  // No text is ever sent without a provider: the switch cannot be turned on, rather than pretend.
  if (input.notifications.sms && !deps.config.textMessages.available) {
    const unavailable = messages.settings.textsUnavailable;
    throw new AppError('VALIDATION_FAILED', unavailable, { 'notifications.sms': unavailable });
  }
  return updateOwn(
    deps,
    user,
    'settings.updated',
    {
      notifyEmail: input.notifications.email,
      notifySms: input.notifications.sms,
      notifyPush: input.notifications.push,
      loginAlerts: input.security.loginAlerts,
    },
    meta,
  );
}
