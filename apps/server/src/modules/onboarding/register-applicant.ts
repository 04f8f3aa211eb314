import { eq } from 'drizzle-orm';
import { messages, type Registration } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import { fieldError } from '../../http/multipart';
import { type RequestMeta, recordAudit, recordOwnAction } from '../audit/record-audit';
import { assertNotCommon, hashPassword } from '../auth/passwords';
import { prepareUpload } from '../files/prepare-upload';
import { recordStoredFile, storeBytes } from '../files/save-file';
import { users } from '../people/people.tables';
import { alreadyRegisteredEmail, applicationReceivedEmail } from './onboarding-emails';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock' | 'storage'>;

/**
 * A membership application. The applicant is created with role, status and verification all
 * `pending` — the body cannot set them (the schema is strict). An address that already has an
 * account gets the same answer as a new one, and its owner is e-mailed instead, so the form
 * cannot be used to find out who banks here.
 */
export async function registerApplicant(
  deps: Deps,
  input: Registration,
  document: Buffer | undefined,
  meta: RequestMeta,
): Promise<{ message: string }> {
  const now = deps.clock();
  const r = messages.registration;
  assertNotCommon(input.password, 'password');
  if (!document) throw fieldError('document', r.documentRequired);
  const prepared = await prepareUpload(document, 'document');
  if (!prepared.ok) throw fieldError('document', r.documentType);
  const passwordHash = await hashPassword(input.password);
  // The document is written and hashed before anyone knows whether the address is taken, so a
  // taken address is not answered sooner (with a large document, tens of milliseconds sooner).
  // A duplicate's copy is deleted once the answer is on its way.
  const stored = await storeBytes(deps.storage, prepared.bytes);
  let recorded = false;

  const { personalInfo: p, contactDetails: c, documents: d } = input;
  await deps.db
    .transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
      if (existing) {
        await deps.mailer.enqueue(tx, input.email, alreadyRegisteredEmail(deps.config));
        await recordAudit(tx, {
          action: 'registration.duplicate',
          actor: { userId: null, email: null },
          targetUserId: existing.id,
          meta,
          at: now,
        });
        return;
      }
      const inserted = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          name: `${p.firstName} ${p.lastName}`,
          phone: c.phoneNumber,
          role: 'pending',
          status: 'pending',
          verificationStatus: 'pending',
          firstName: p.firstName,
          lastName: p.lastName,
          dateOfBirth: p.dateOfBirth,
          nationality: p.nationality,
          maritalStatus: p.maritalStatus,
          street: p.address.street,
          city: p.address.city,
          state: p.address.state,
          country: p.address.country,
          postalCode: p.address.postalCode,
          alternativeEmail: c.alternativeEmail,
          emergencyName: c.emergencyContact.name,
          emergencyRelationship: c.emergencyContact.relationship,
          emergencyPhone: c.emergencyContact.phone,
          idCardType: d.idCardType,
          idCardNumber: d.idCardNumber,
          registrationDate: now,
          createdAt: now,
          updatedAt: now,
          passwordChangedAt: now,
        })
        // Two applications racing for one address: the loser is treated like a duplicate.
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id, email: users.email });
      const user = inserted[0];
      if (!user) return;
      const fileId = await recordStoredFile(tx, stored, {
        contentType: prepared.contentType,
        purpose: 'id_document',
        ownerUserId: user.id,
        createdBy: user.id,
        at: now,
      });
      recorded = true;
      await tx.update(users).set({ idDocumentFileId: fileId }).where(eq(users.id, user.id));
      await recordOwnAction(tx, user, {
        action: 'registration.submitted',
        meta,
        after: { role: 'pending', status: 'pending', verificationStatus: 'pending' },
        at: now,
      });
      await deps.mailer.enqueue(tx, input.email, applicationReceivedEmail(deps.config, p.firstName));
    })
    .finally(() => {
      if (!recorded) void deps.storage.delete(stored.id).catch(() => undefined);
    });
  void deps.mailer.flush();
  return { message: r.received };
}
