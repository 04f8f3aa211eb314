import { messageResultSchema } from '../auth';
import {
  accountListSchema,
  activeSessionListSchema,
  backupCodesSchema,
  changePasswordSchema,
  meResultSchema,
  meSchema,
  profileUpdateSchema,
  settingsUpdateSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpSetupSchema,
} from '../members';
import { idParams } from '../path-params';
import { endpoint } from './endpoint';

const tags = ['me'];
const sessionParams = idParams();

/**
 * The signed-in person's own record and settings (schemas in `../members`). Signed-in people only;
 * `accounts` is for account holders.
 */
export const meApi = {
  me: endpoint({
    method: 'GET',
    path: '/api/me',
    tags,
    summary: 'My profile and settings',
    response: meSchema,
  }),
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/api/me/profile',
    tags,
    summary: 'Profile Settings: name, phone, address',
    body: profileUpdateSchema,
    response: meResultSchema,
  }),
  updateSettings: endpoint({
    method: 'PATCH',
    path: '/api/me/settings',
    tags,
    summary: 'Account Settings: notifications and login alerts',
    body: settingsUpdateSchema,
    response: meResultSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/me/password',
    tags,
    summary: 'Change my password (other sessions end)',
    body: changePasswordSchema,
    response: messageResultSchema,
  }),
  totpSetup: endpoint({
    method: 'POST',
    path: '/api/me/totp/setup',
    tags,
    summary: 'Start authenticator enrolment',
    response: totpSetupSchema,
  }),
  totpConfirm: endpoint({
    method: 'POST',
    path: '/api/me/totp/confirm',
    tags,
    summary: 'Confirm the authenticator with a code; returns backup codes once',
    body: totpConfirmSchema,
    response: backupCodesSchema,
  }),
  totpDisable: endpoint({
    method: 'POST',
    path: '/api/me/totp/disable',
    tags,
    summary: 'Turn the authenticator off (password required)',
    body: totpDisableSchema,
    response: messageResultSchema,
  }),
  backupCodes: endpoint({
    method: 'POST',
    path: '/api/me/backup-codes',
    tags,
    summary: 'Replace my backup codes (password required); shown once',
    body: totpDisableSchema,
    response: backupCodesSchema,
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/api/me/sessions',
    tags,
    summary: 'My active sessions',
    response: activeSessionListSchema,
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/api/me/sessions/:id',
    tags,
    summary: 'Sign out one of my sessions',
    params: sessionParams,
    status: 204,
  }),
  /** The one part is the file `image`; there are no JSON parts. */
  profileImage: endpoint({
    method: 'PUT',
    path: '/api/me/profile-image',
    tags,
    summary: 'Set my profile picture (multipart `image`)',
    multipart: true,
    response: meResultSchema,
  }),
  removeProfileImage: endpoint({
    method: 'DELETE',
    path: '/api/me/profile-image',
    tags,
    summary: 'Remove my profile picture (its file is deleted)',
    response: meResultSchema,
  }),
  accounts: endpoint({
    method: 'GET',
    path: '/api/me/accounts',
    tags,
    summary: 'My accounts with balances',
    response: accountListSchema,
  }),
};
