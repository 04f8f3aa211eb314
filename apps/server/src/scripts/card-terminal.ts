import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type ProcessorAuthorization,
  type ProcessorClearing,
  type ProcessorRefund,
  type ProcessorReversal,
  type TerminalOverview,
  cardKindLabels,
  cardStatusLabels,
  processorAuthorizationSchema,
  processorClearingSchema,
  processorRefundSchema,
  processorReversalSchema,
} from '@mutual/shared';
import { cardsApi } from '@mutual/shared/contract/cards';
import type { z } from 'zod';
import { loadConfig } from '../config';
import { loadCardKeys } from '../crypto/card-keys';
import { signedHeaders } from '../modules/cards/processor-signature';

/**
 * `npm run card-terminal -- <command>`: the demo's card terminal from a shell. It signs
 * authorizations, clearings, reversals and refunds with the processor's shared secret (PROCESSOR_SECRET, or
 * outside production DATA_DIR/processor.secret, made by the server's first start) and sends them to
 * a running server's processor interface, exactly as a card processor would; `cards` lists the
 * demo's cards (GET /api/dev/terminal: not in production, and only from the server's own computer).
 * Prints the HTTP status and the answer; exits 0 on a 2xx answer, 1 otherwise.
 */

export const USAGE = `Usage: npm run card-terminal -- <command> [options]

Commands:
  authorize --card <number> --expiry MM/YY --amount 4.50 [--merchant "Harbor Coffee"]
            [--country US] [--channel in_store|online|atm] [--category <MCC, e.g. 5411>]
            [--pin 2580] [--id <processor id>]
      Ask for a purchase to be approved (an approval places a hold). The merchant category code
      (ISO 18245) files it under Food, Transportation, Entertainment or else Shopping.
  clear --authorization <processor id> --amount 4.50 [--id <clearing id>]
      Clear an approved authorization: its hold posts, for this amount (a tip may add up to 20%).
  reverse --authorization <processor id> [--id <reversal id>]
      Reverse an approved authorization that has not cleared: its hold is released.
  refund --authorization <processor id> --amount 4.50 [--id <refund id>]
      The merchant refunds a cleared purchase, all of it or part (several refunds add up to at most
      what cleared): the money goes back to the member's account, or lowers what a credit card owes.
  cards
      List the demo's cards (numbers and expiry dates) and the latest card transactions.

Options:
  --url <address>   The server (default: PUBLIC_URL from the configuration, else http://localhost:3000)
  -h, --help        Show this help

Every demo card's PIN is 2580.`;

/** A command line that cannot be sent: the message says why (the usage follows it). */
export class UsageError extends Error {}

export type TerminalCommand =
  | { kind: 'help' }
  | { kind: 'cards'; url: string | undefined }
  | { kind: 'authorize'; url: string | undefined; body: ProcessorAuthorization }
  | { kind: 'clear'; url: string | undefined; body: ProcessorClearing }
  | { kind: 'reverse'; url: string | undefined; body: ProcessorReversal }
  | { kind: 'refund'; url: string | undefined; body: ProcessorRefund };

const options = {
  card: { type: 'string' },
  expiry: { type: 'string' },
  amount: { type: 'string' },
  merchant: { type: 'string' },
  country: { type: 'string' },
  channel: { type: 'string' },
  category: { type: 'string' },
  pin: { type: 'string' },
  id: { type: 'string' },
  authorization: { type: 'string' },
  url: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
type OptionName = keyof typeof options;

/** Which options each command takes (`--url` and `--help` go with all of them). */
const commandOptions: Record<Exclude<TerminalCommand['kind'], 'help'>, OptionName[]> = {
  authorize: ['card', 'expiry', 'amount', 'merchant', 'country', 'channel', 'category', 'pin', 'id'],
  clear: ['authorization', 'amount', 'id'],
  reverse: ['authorization', 'id'],
  refund: ['authorization', 'amount', 'id'],
  cards: [],
};
const isCommand = (name: string): name is keyof typeof commandOptions => Object.hasOwn(commandOptions, name);

/** The option each request field is read from, to name it in a complaint. */
const optionOf: Record<string, string> = {
  id: '--id',
  cardNumber: '--card',
  expiry: '--expiry',
  amount: '--amount',
  'merchant.name': '--merchant',
  'merchant.country': '--country',
  'merchant.categoryCode': '--category',
  channel: '--channel (in_store, online or atm)',
  pin: '--pin',
  authorizationId: '--authorization',
};

/** The schema's first complaint, named by its option (`--expiry: MM/YY`). */
function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = issue?.path.join('.') ?? '';
  throw new UsageError(`${optionOf[key] ?? (key || 'the request')}: ${issue?.message ?? 'not valid'}`);
}

function required(values: Partial<Record<OptionName, string | boolean>>, name: OptionName): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value.trim();
}

function readArgs(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's words: "Unknown option '--crad'", "Option '--amount <value>' argument missing".
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Reads a command line (without `node` and the script) into the request it sends. Pure: the ids
 * the processor would give are drawn by `newId`. Throws a UsageError for anything it cannot send.
 */
export function parseTerminalArgs(argv: readonly string[], newId: () => string = randomUUID): TerminalCommand {
  const { values, positionals } = readArgs(argv);
  if (values.help) return { kind: 'help' };
  const [name, ...extra] = positionals;
  if (name === undefined) throw new UsageError('Name a command: authorize, clear, reverse, refund or cards');
  if (!isCommand(name)) throw new UsageError(`Unknown command "${name}"`);
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}" (options start with --)`);
  const given = (Object.keys(values) as OptionName[]).filter((option) => values[option] !== undefined);
  const stray = given.find((option) => option !== 'url' && !commandOptions[name].includes(option));
  if (stray) throw new UsageError(`--${stray} is not an option of ${name}`);
  const url = values.url?.trim().replace(/\/+$/, '') || undefined;
  if (url !== undefined && !/^https?:\/\/[^/]/.test(url)) throw new UsageError(`--url: not an http(s) address: ${url}`);

  switch (name) {
    case 'cards':
      return { kind: 'cards', url };
    case 'authorize': {
      const pin = values.pin?.trim();
      const categoryCode = values.category?.trim();
      const body = {
        id: values.id?.trim() || `cli-${newId()}`,
        // As printed: "4000 0012 3456 4242" is the same card.
        cardNumber: required(values, 'card').replace(/[\s-]/g, ''),
        expiry: required(values, 'expiry'),
        amount: required(values, 'amount'),
        currency: 'USD',
        merchant: {
          name: values.merchant?.trim() || 'Harbor Coffee',
          country: (values.country?.trim() || 'US').toUpperCase(),
          ...(categoryCode ? { categoryCode } : {}),
        },
        channel: (values.channel?.trim() || 'in_store').replace('-', '_'),
        ...(pin ? { pin } : {}),
      };
      return { kind: 'authorize', url, body: checked(processorAuthorizationSchema, body) };
    }
    case 'clear': {
      const body = {
        id: values.id?.trim() || `cli-clearing-${newId()}`,
        authorizationId: required(values, 'authorization'),
        amount: required(values, 'amount'),
      };
      return { kind: 'clear', url, body: checked(processorClearingSchema, body) };
    }
    case 'reverse': {
      const body = {
        id: values.id?.trim() || `cli-reversal-${newId()}`,
        authorizationId: required(values, 'authorization'),
      };
      return { kind: 'reverse', url, body: checked(processorReversalSchema, body) };
    }
    case 'refund': {
      const body = {
        id: values.id?.trim() || `cli-refund-${newId()}`,
        authorizationId: required(values, 'authorization'),
        amount: required(values, 'amount'),
      };
      return { kind: 'refund', url, body: checked(processorRefundSchema, body) };
    }
  }
}

/** The path each signed command is sent to. */
export const commandPaths = {
  authorize: cardsApi.authorize.path,
  clear: cardsApi.clear.path,
  reverse: cardsApi.reverse.path,
  refund: cardsApi.refund.path,
} as const;

/** The demo's cards as a small table, and the latest card transactions. */
export function describeCards(overview: TerminalOverview): string {
  const rows = overview.cards.map((card) => [
    card.member,
    cardKindLabels[card.kind],
    cardStatusLabels[card.status],
    card.number,
    card.expiry,
  ]);
  const table = [['Member', 'Card', 'Status', 'Number', 'Expiry'], ...rows];
  const widths = table[0]?.map((_, column) => Math.max(...table.map((row) => row[column]?.length ?? 0))) ?? [];
  const lines = table.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
  const recent = overview.recent.map(
    (entry) =>
      `  ${entry.id}  ••${entry.cardLast4}  ${entry.amount.padStart(9)}  ${entry.merchant}  ` +
      `${entry.declineReason ?? entry.status}${entry.refunded !== '0.00' ? ` (refunded ${entry.refunded})` : ''}`,
  );
  return [...lines, '', recent.length > 0 ? 'Recent card transactions:' : 'No card transactions yet.', ...recent].join(
    '\n',
  );
}

/**
 * The shared secret: PROCESSOR_SECRET as configured (no key file touched), else the server's file,
 * read as the server reads it — never made here: a missing file means the server has not started
 * with this DATA_DIR (a secret made now would not be the server's).
 */
function processorSecret(): string {
  const config = loadConfig(process.env);
  if (config.cards.processorSecret !== null) return config.cards.processorSecret;
  if (!fs.existsSync(config.cards.processorSecretFile)) {
    throw new Error(
      `No processor secret: set PROCESSOR_SECRET, or start the server once with this DATA_DIR ` +
        `(it makes ${config.cards.processorSecretFile}).`,
    );
  }
  const secret = loadCardKeys(config).processorSecret;
  if (secret === null) throw new Error('No processor secret: set PROCESSOR_SECRET.');
  return secret;
}

function defaultUrl(): string {
  try {
    return loadConfig(process.env).publicUrl.replace(/\/+$/, '');
  } catch {
    return 'http://localhost:3000';
  }
}

async function send(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new Error(`Could not reach ${url}${cause}. Is the server running (npm start)?`);
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON (a proxy's page): shown as it came.
  }
  return { status: response.status, body };
}

async function main(argv: readonly string[]): Promise<number> {
  let command: TerminalCommand;
  try {
    command = parseTerminalArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    return 1;
  }
  if (command.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const base = command.url ?? defaultUrl();
  let answer: { status: number; body: unknown };
  if (command.kind === 'cards') {
    answer = await send(`${base}${cardsApi.terminal.path}`, { headers: { accept: 'application/json' } });
  } else {
    const body = JSON.stringify(command.body);
    answer = await send(`${base}${commandPaths[command.kind]}`, {
      method: 'POST',
      headers: { accept: 'application/json', ...signedHeaders(processorSecret(), body, new Date()) },
      body,
    });
  }
  const ok = answer.status >= 200 && answer.status < 300;
  process.stdout.write(`HTTP ${answer.status}\n`);
  if (command.kind === 'cards' && ok) process.stdout.write(`${describeCards(answer.body as TerminalOverview)}\n`);
  else
    process.stdout.write(`${typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body, null, 2)}\n`);
  return ok ? 0 : 1;
}

// Run as a script (not when a test imports the parser).
const invoked = process.argv[1] ? path.resolve(process.argv[1]) : '';
if (invoked === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
