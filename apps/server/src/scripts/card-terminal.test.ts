import { describe, expect, it } from 'vitest';
import { USAGE, UsageError, describeCards, parseTerminalArgs } from './card-terminal';

const parse = (line: string[]) => parseTerminalArgs(line, () => 'fixed-id');
const refusal = (line: string[]) => {
  try {
    parse(line);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${line.join(' ')}`);
};

describe('card-terminal: the command line', () => {
  it('reads an authorization with the defaults a coffee shop would send', () => {
    expect(parse(['authorize', '--card', '4000 0012 3456 4242', '--expiry', '08/29', '--amount', '4.50'])).toEqual({
      kind: 'authorize',
      url: undefined,
      body: {
        id: 'cli-fixed-id',
        cardNumber: '4000001234564242',
        expiry: '08/29',
        amount: '4.50',
        currency: 'USD',
        merchant: { name: 'Harbor Coffee', country: 'US' },
        channel: 'in_store',
      },
    });
  });

  it('takes every option of an authorization, and the server to send it to', () => {
    const command = parse([
      'authorize',
      '--card=4000001234564242',
      '--expiry',
      '08/29',
      '--amount',
      '60.00',
      '--merchant',
      'Harbor ATM',
      '--country',
      'pt',
      '--channel',
      'atm',
      '--category',
      '6011',
      '--pin',
      '2580',
      '--id',
      'my-auth-1',
      '--url',
      'http://localhost:4000/',
    ]);
    expect(command).toMatchObject({
      kind: 'authorize',
      url: 'http://localhost:4000',
      body: {
        id: 'my-auth-1',
        merchant: { name: 'Harbor ATM', country: 'PT', categoryCode: '6011' },
        channel: 'atm',
        pin: '2580',
      },
    });
  });

  it('reads a clearing, a reversal and a refund', () => {
    expect(parse(['clear', '--authorization', 'cli-abc', '--amount', '5.25'])).toEqual({
      kind: 'clear',
      url: undefined,
      body: { id: 'cli-clearing-fixed-id', authorizationId: 'cli-abc', amount: '5.25' },
    });
    expect(parse(['reverse', '--authorization', 'cli-abc', '--id', 'undo-1'])).toEqual({
      kind: 'reverse',
      url: undefined,
      body: { id: 'undo-1', authorizationId: 'cli-abc' },
    });
    expect(parse(['refund', '--authorization', 'cli-abc', '--amount', '2.00'])).toEqual({
      kind: 'refund',
      url: undefined,
      body: { id: 'cli-refund-fixed-id', authorizationId: 'cli-abc', amount: '2.00' },
    });
    expect(parse(['cards'])).toEqual({ kind: 'cards', url: undefined });
    expect(parse(['--help'])).toEqual({ kind: 'help' });
    expect(parse(['authorize', '-h'])).toEqual({ kind: 'help' });
  });

  it('refuses what it cannot send, naming the option', () => {
    expect(refusal([])).toMatch(/Name a command/);
    expect(refusal(['refunds'])).toBe('Unknown command "refunds"');
    expect(refusal(['refund', '--authorization', 'cli-abc'])).toBe('--amount is required');
    expect(refusal(['refund', '--authorization', 'cli-abc', '--amount', '0'])).toMatch(/^--amount: /);
    expect(refusal(['authorize', '--expiry', '08/29', '--amount', '4.50'])).toBe('--card is required');
    expect(refusal(['authorize', '--card', '4000001234564242', '--expiry', '8/29', '--amount', '4.50'])).toBe(
      '--expiry: MM/YY',
    );
    expect(refusal(['authorize', '--card', '4000001234564242', '--expiry', '08/29', '--amount', '4.5x'])).toMatch(
      /^--amount: /,
    );
    expect(
      refusal(['authorize', '--card', '4000001234564242', '--expiry', '08/29', '--amount', '4', '--channel', 'phone']),
    ).toMatch(/^--channel/);
    expect(
      refusal(['authorize', '--card', '4000001234564242', '--expiry', '08/29', '--amount', '4', '--pin', '12']),
    ).toBe('--pin: 4 digits');
    expect(
      refusal(['authorize', '--card', '4000001234564242', '--expiry', '08/29', '--amount', '4', '--category', 'food']),
    ).toBe('--category: 4 digits (ISO 18245 merchant category code)');
    expect(refusal(['clear', '--authorization', 'cli-abc'])).toBe('--amount is required');
    expect(refusal(['reverse', '--authorization', 'cli-abc', '--amount', '4.50'])).toBe(
      '--amount is not an option of reverse',
    );
    expect(refusal(['authorize', '--crad', '4000001234564242'])).toMatch(/Unknown option '--crad'/);
    expect(refusal(['cards', 'now'])).toMatch(/Unexpected argument "now"/);
    expect(refusal(['cards', '--url', 'localhost:3000'])).toMatch(/^--url: /);
  });

  it('has a usage text naming every command', () => {
    for (const command of ['authorize', 'clear', 'reverse', 'refund', 'cards', '--url', '--help'])
      expect(USAGE).toContain(command);
  });

  it('lists the demo cards as a table', () => {
    const text = describeCards({
      cards: [
        {
          cardId: 'cccccccc-0000-4000-8000-000000000001',
          member: 'Alex Morgan',
          kind: 'credit',
          status: 'active',
          number: '4000001234564242',
          expiry: '08/29',
        },
      ],
      recent: [],
    });
    expect(text.split('\n')[1]).toBe('Alex Morgan  Credit Card  Active  4000001234564242  08/29');
    expect(text).toContain('No card transactions yet.');
  });
});
