import type { Config } from '../../config';
import type { MailAttachment } from './mail.tables';

export interface EmailContent {
  /** Short template name, kept with the message for support and tests. */
  template: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Optional label/value rows shown as a small table (a summary of what was received). */
  details?: Array<[string, string]>;
}

export interface RenderedEmail {
  template: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Every e-mail shares one layout: brand header, message, support footer. Inputs are escaped. */
export function renderEmail(config: Config, content: EmailContent): RenderedEmail {
  const { brand, support } = config;
  const footer = `${brand.name} · ${support.phone} · ${support.email} · ${support.hours}`;
  const details = content.details ?? [];

  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...details.map(([label, value]) => `${label}: ${value}`),
    details.length ? '' : null,
    '—',
    footer,
    config.demo ? 'This is a demonstration credit union. No real money is involved.' : null,
  ]
    .filter((line) => line !== null)
    .join('\n');

  const detailRows = details
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#64748b;vertical-align:top">${escapeHtml(label)}</td>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const cardStyle = 'max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden';
  const brandBarStyle =
    `background:${brand.primaryColor};color:#ffffff;` + 'padding:16px 24px;font-size:18px;font-weight:bold';
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="${cardStyle}">
<tr><td style="${brandBarStyle}">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${detailRows ? `<table role="presentation" style="margin-top:12px;font-size:14px">${detailRows}</table>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;background:#f8fafc;color:#64748b;font-size:12px">${escapeHtml(footer)}${
    config.demo ? '<br>This is a demonstration credit union. No real money is involved.' : ''
  }</td></tr>
</table></td></tr></table></body></html>`;

  return { template: content.template, subject: content.subject, text, html };
}
