import type { Config } from '../../config';
import { renderEmail } from '../mail/templates';

export function transferReceivedEmail(config: Config, from: string, amount: string, reference: string) {
  return renderEmail(config, {
    template: 'transfer-received',
    subject: `You received ${amount} from ${from}`,
    heading: `${from} sent you ${amount}`,
    paragraphs: [`The money is in your Checking account now.`, `Sign in to ${config.brand.shortName} to see it.`],
    details: [
      ['From', from],
      ['Amount', amount],
      ['Reference', reference],
    ],
  });
}

export function transferCodeEmail(config: Config, code: string, summary: Array<[string, string]>) {
  return renderEmail(config, {
    template: 'transfer-code',
    subject: `Your ${config.brand.shortName} transfer code: ${code}`,
    heading: 'Confirm your transfer',
    paragraphs: [
      `Enter this code to confirm the transfer below: ${code}`,
      `It works once, for this transfer only, and expires in ${config.security.otpTtlMinutes} minutes.`,
      'If you did not ask for this transfer, do not share the code: change your password and contact us now.',
    ],
    details: summary,
  });
}
