import type { SessionUser } from '@mutual/shared';
import type { Config } from '../../config';
import { fileUrl } from '../files/save-file';
import type { UserRow } from './people.tables';

export function toSessionUser(user: UserRow, config: Config): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    firstName: user.firstName || user.name.split(/\s+/)[0] || user.name,
    role: user.role as SessionUser['role'],
    status: user.status as SessionUser['status'],
    isJointAccount: user.isJointAccount,
    jointAccountHolderName: user.jointHolderName,
    profileImageUrl: fileUrl(user.profileImageFileId),
    totpEnabled: user.totpEnabledAt !== null,
    mustEnrolTotp: user.role === 'admin' && config.security.requireStaffTotp && user.totpEnabledAt === null,
  };
}
