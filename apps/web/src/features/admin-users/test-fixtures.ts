import type { UserDetail, UserSummary } from '@mutual/shared';
import { fixtureFactory } from '../../test/fixtures';

/** A member as the staff list shows them (`GET /api/admin/users`). */
export const userSummary = fixtureFactory<UserSummary>({
  id: 'user-1',
  email: 'paula@example.com',
  name: 'Paula Member',
  role: 'user',
  status: 'approved',
  verificationStatus: 'verified',
  registrationDate: '2026-03-04T12:00:00.000Z',
  isJointAccount: false,
  profileImageUrl: null,
});

/** A member's detail (`GET /api/admin/users/:id`). */
export const userDetail = fixtureFactory<UserDetail>({
  ...userSummary(),
  phone: '(207) 555-0100',
  personalInfo: {
    firstName: 'Paula',
    lastName: 'Member',
    dateOfBirth: '1990-05-01',
    nationality: 'US',
    maritalStatus: null,
    address: { street: '1 Main St', city: 'Rockland', state: 'ME', country: 'US', postalCode: '04841' },
  },
  contactDetails: { phoneNumber: '(207) 555-0100', alternativeEmail: '', emergencyContact: null },
  documents: {
    idCardType: null,
    idCardNumber: '',
    idDocument: null,
    verificationStatus: 'verified',
    infoRequest: null,
    infoRequestedAt: null,
  },
  jointAccountHolder: null,
  rejectionReason: null,
  rejectedAt: null,
  approvedAt: null,
  createdBy: null,
  updatedAt: '2026-03-04T12:00:00.000Z',
  accounts: [],
  infoRequests: [],
  reviews: [],
  hold: null,
  security: {
    totpEnabled: false,
    backupCodes: { total: 0, used: 0, remaining: 0 },
    lockedUntil: null,
    activeSessions: 0,
  },
});
