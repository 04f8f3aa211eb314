import { type ApiError, messages } from '@mutual/shared';
import { devMailboxApi } from '@mutual/shared/contract/dev-mailbox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { routedPath } from '../../http/routed-path';

/**
 * Who may read the dev mailbox (every e-mail the server would have sent: sign-in codes, reset
 * links). It exists only outside production and without SMTP; even then it is served to this
 * computer only, unless DEV_MAILBOX=public says a demo on a public address may show it to anyone
 * (and the site's banner then says so).
 */

/** The dev pages and their data: the mailbox, and the demo's card terminal (modules/cards/card-terminal.ts). */
const mailboxPaths = new Set([
  '/dev/mailbox',
  devMailboxApi.mailbox.path,
  '/dev/terminal',
  '/api/dev/terminal',
  '/api/dev/terminal/purchase',
  '/api/dev/terminal/settle',
]);

const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Loopback: IPv4 127.0.0.0/8, IPv6 ::1, and IPv4 loopback mapped into IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return loopbackAddresses.has(address) || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

/** Whether the mailbox is served to anyone: set public, and there is a mailbox at all. */
export const devMailboxIsPublic = (config: Pick<Config, 'isProduction' | 'mail'>) =>
  config.mail.devMailbox === 'public' && !config.isProduction && !config.mail.smtpUrl;

/**
 * The names this computer answers to in a browser: a page of another site whose name an attacker
 * points at 127.0.0.1 (DNS rebinding) comes from loopback too, but under its own name.
 */
function isOwnName(hostname: string, publicUrl: string): boolean {
  const name = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || isLoopback(name) || name === new URL(publicUrl).hostname.toLowerCase();
}

/**
 * An onRequest hook answering 404 — as if there were no mailbox — to a request for the mailbox's
 * page or data from another computer, or addressed to a name that is not this computer's (a
 * rebinding site's page in the developer's own browser). `request.ip` is the socket's address, or
 * with TRUST_PROXY the client's address as the proxy forwarded it (X-Forwarded-For is not
 * believed otherwise).
 */
export function devMailboxGate(config: Pick<Config, 'mail' | 'publicUrl'>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (config.mail.devMailbox === 'public') return;
    if (!mailboxPaths.has(routedPath(request))) return;
    if (isLoopback(request.ip) && isOwnName(request.hostname, config.publicUrl)) return;
    return reply.status(404).send({ code: 'NOT_FOUND', message: messages.generic.notFound } satisfies ApiError);
  };
}
