import { desc, eq, inArray } from 'drizzle-orm';
import type { AuditFilters, AuditPage, UserDetail } from '@mutual/shared';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { type AuditPaging, listAudit } from '../audit/audit-queries';
import { namesForRecords } from './audit-names';
import { countUserSessions } from '../auth/sessions';
import { backupCodeStatus } from '../auth/backup-codes';
import { storedFiles } from '../files/files.tables';
import { fileUrl } from '../files/save-file';
import { findActiveHold } from '../holds/holds';
import { findMemberAccounts } from '../ledger/member-accounts';
import { jointHolderOf } from '../people/users';
import { type UserRow, users } from '../people/people.tables';
import { listInfoRequests, toInfoRequest } from '../onboarding/application-status';
import { registrationReviews } from '../onboarding/onboarding.tables';
import { toUserSummary } from './list-users';

type FileRow = typeof storedFiles.$inferSelect;
const toStoredFile = (file: FileRow | undefined) =>
  file
    ? {
        id: file.id,
        url: fileUrl(file.id) ?? '',
        contentType: file.contentType,
        size: file.size,
        createdAt: file.createdAt.toISOString(),
      }
    : null;

/** Everything staff see about one person (spec: user detail + Verify User modal). */
export async function userDetail(db: Executor, config: Config, user: UserRow, now: Date): Promise<UserDetail> {
  const [accounts, requests, reviews, codes, hold] = await Promise.all([
    findMemberAccounts(db, user.id),
    listInfoRequests(db, user.id),
    db
      .select()
      .from(registrationReviews)
      .where(eq(registrationReviews.userId, user.id))
      .orderBy(desc(registrationReviews.createdAt)),
    backupCodeStatus(db, user.id),
    findActiveHold(db, user.id),
  ]);
  const fileIds = [user.idDocumentFileId, ...requests.map((r) => r.responseFileId)].filter(
    (id): id is string => id !== null,
  );
  const files = fileIds.length ? await db.select().from(storedFiles).where(inArray(storedFiles.id, fileIds)) : [];
  const fileById = new Map(files.map((file) => [file.id, file]));
  const holdPlacedBy = hold?.placedBy
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, hold.placedBy))
    : [];
  const activeSessions = await countUserSessions(db, config, user.id, now);

  return {
    ...toUserSummary(user),
    phone: user.phone,
    personalInfo: {
      firstName: user.firstName,
      lastName: user.lastName,
      dateOfBirth: user.dateOfBirth,
      nationality: user.nationality,
      maritalStatus: user.maritalStatus as UserDetail['personalInfo']['maritalStatus'],
      address: {
        street: user.street,
        city: user.city,
        state: user.state,
        country: user.country,
        postalCode: user.postalCode,
      },
    },
    contactDetails: {
      phoneNumber: user.phone,
      alternativeEmail: user.alternativeEmail,
      emergencyContact: user.emergencyName
        ? { name: user.emergencyName, relationship: user.emergencyRelationship ?? '', phone: user.emergencyPhone ?? '' }
        : null,
    },
    documents: {
      idCardType: user.idCardType as UserDetail['documents']['idCardType'],
      idCardNumber: user.idCardNumber,
      idDocument: toStoredFile(user.idDocumentFileId ? fileById.get(user.idDocumentFileId) : undefined),
      verificationStatus: user.verificationStatus as UserDetail['documents']['verificationStatus'],
      infoRequest: user.infoRequest,
      infoRequestedAt: user.infoRequestedAt?.toISOString() ?? null,
    },
    jointAccountHolder: jointHolderOf(user),
    rejectionReason: user.rejectionReason,
    rejectedAt: user.rejectedAt?.toISOString() ?? null,
    approvedAt: user.approvedAt?.toISOString() ?? null,
    createdBy: user.createdBy,
    updatedAt: user.updatedAt.toISOString(),
    accounts,
    infoRequests: requests.map((row) => ({
      ...toInfoRequest(row),
      document: toStoredFile(row.responseFileId ? fileById.get(row.responseFileId) : undefined),
    })),
    reviews: reviews.map((row) => ({
      id: row.id,
      decision: row.decision as UserDetail['reviews'][number]['decision'],
      reason: row.reason,
      checklist: (row.checklist as UserDetail['reviews'][number]['checklist']) ?? null,
      reviewedBy: row.reviewerEmail,
      createdAt: row.createdAt.toISOString(),
    })),
    hold: hold
      ? { reason: hold.reason, placedAt: hold.placedAt.toISOString(), placedBy: holdPlacedBy[0]?.email ?? null }
      : null,
    security: {
      totpEnabled: user.totpEnabledAt !== null,
      backupCodes: codes,
      lockedUntil: user.lockedUntil && user.lockedUntil > now ? user.lockedUntil.toISOString() : null,
      activeSessions,
    },
  };
}

/**
 * A person's audit trail: what was done to them and what they did, newest first, with the same
 * action and date filters and keyset paging as the credit union's log.
 */
export async function userAuditTrail(
  db: Executor,
  userId: string,
  query: AuditFilters & AuditPaging,
  timeZone: string,
): Promise<AuditPage> {
  const { action, from, to, olderThan, newerThan, pageSize } = query;
  const filters = { action, from, to, olderThan, newerThan, pageSize };
  return listAudit(db, { kind: 'person', userId }, filters, timeZone, namesForRecords);
}
