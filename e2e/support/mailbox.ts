import { e2e } from './browser';

/**
 * The dev mailbox (GET /api/dev/mailbox): every message the server would have sent, so the specs
 * can read sign-in codes and links the way a person reads their e-mail.
 */
export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  template: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Everything the server would have sent, newest first. */
export async function mailbox(): Promise<MailMessage[]> {
  const response = await fetch(new URL('/api/dev/mailbox', e2e.baseUrl));
  if (!response.ok) throw new Error(`GET /api/dev/mailbox answered ${response.status}`);
  return ((await response.json()) as { messages: MailMessage[] }).messages;
}

/** Mail to `to` (with `template`, if given) created at or after `since`, newest first. */
export async function mailsTo(to: string, { template, since = 0 }: { template?: string; since?: number } = {}) {
  const address = to.toLowerCase();
  return (await mailbox()).filter(
    (mail) =>
      mail.to.toLowerCase() === address &&
      (template === undefined || mail.template === template) &&
      Date.parse(mail.createdAt) >= since,
  );
}

/** Polls the dev mailbox until a matching message arrives (the newest one is returned). */
export async function waitForMail(
  to: string,
  {
    template,
    since = 0,
    timeoutMs = 15_000,
    where = () => true,
  }: { template?: string; since?: number; timeoutMs?: number; where?: (mail: MailMessage) => boolean } = {},
): Promise<MailMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [newest] = (await mailsTo(to, { template, since })).filter(where);
    if (newest) return newest;
    if (Date.now() > deadline) {
      throw new Error(
        `no ${template ?? ''} mail to ${to} since ${new Date(since).toISOString()} within ${timeoutMs} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The e-mailed 6-digit sign-in code sent to `email` at or after `since` (ms since the epoch). */
export async function readSignInCode(email: string, since: number): Promise<string> {
  const mail = await waitForMail(email, { template: 'sign-in-code', since });
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no 6-digit code in "${mail.subject}"`);
  return code;
}

/** The /reset-password?token=… link from the newest password-reset mail, as a same-site path. */
export async function readResetLink(email: string, since: number): Promise<string> {
  const mail = await waitForMail(email, { template: 'password-reset', since });
  const link = /https?:\/\/\S+\/reset-password\?token=[\w.~%-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in:\n${mail.text}`);
  const url = new URL(link);
  return url.pathname + url.search;
}
