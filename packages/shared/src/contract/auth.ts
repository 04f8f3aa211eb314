import {
  codeResentSchema,
  messageResultSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  sessionSchema,
  signInChallengeSchema,
  signInResultSchema,
  signInSchema,
  verifyCodeSchema,
} from '../auth';
import { endpoint } from './endpoint';

const tags = ['auth'];

/**
 * Signing in and out, the session, and password resets (schemas in `../auth`). Public, except that
 * the session refresh needs a session. The sign-in attempt and the session travel in cookies.
 */
export const authApi = {
  session: endpoint({
    method: 'GET',
    path: '/api/auth/session',
    tags,
    summary: 'Who is signed in (does not extend the session)',
    response: sessionSchema,
  }),
  refreshSession: endpoint({
    method: 'POST',
    path: '/api/auth/session/refresh',
    tags,
    summary: '"Stay signed in": counts as activity',
    response: sessionSchema,
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/api/auth/sign-in',
    tags,
    summary: 'Sign-in step 1: e-mail and password',
    body: signInSchema,
    response: signInChallengeSchema,
  }),
  resendCode: endpoint({
    method: 'POST',
    path: '/api/auth/resend-code',
    tags,
    summary: 'E-mail a new sign-in code',
    response: codeResentSchema,
  }),
  verify: endpoint({
    method: 'POST',
    path: '/api/auth/verify',
    tags,
    summary: 'Sign-in step 2: the 6-digit code or a backup code',
    body: verifyCodeSchema,
    response: signInResultSchema,
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/api/auth/sign-out',
    tags,
    summary: 'End this session',
    status: 204,
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset',
    tags,
    summary: 'E-mail a password reset link (same answer for any address)',
    body: passwordResetRequestSchema,
    status: 202,
    response: messageResultSchema,
  }),
  passwordResetConfirm: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    tags,
    summary: 'Set a new password from a reset link',
    body: passwordResetConfirmSchema,
    response: messageResultSchema,
  }),
};
