import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type { Config } from '../config';
import { decodeSecretKey, SECRET_KEY_BYTES } from './secret-box';
import { createKeyFile } from './secret-keys';

type CardsConfig = Pick<Config, 'isProduction' | 'cards'>;

/**
 * The card keys. One key (CARD_KEY) makes the keyed hashes a card is found by (its number) and a
 * PIN is checked against, and derives the CVV View Card Details shows, so that no CVV is stored —
 * as issuers' virtual-card displays derive it. The processor's shared secret signs its requests.
 * Neither ever reaches a log or an answer. Card numbers themselves are sealed with the secret box.
 */
export class CardKeys {
  constructor(
    private readonly key: Buffer,
    /** Null in production without PROCESSOR_SECRET: the processor interface is unavailable. */
    readonly processorSecret: string | null,
  ) {
    if (key.length !== SECRET_KEY_BYTES) throw new Error(`the card key must be ${SECRET_KEY_BYTES} bytes`);
  }

  static withNewKeys(): CardKeys {
    return new CardKeys(randomBytes(SECRET_KEY_BYTES), randomBytes(32).toString('hex'));
  }

  private mac(label: string, ...parts: string[]): Buffer {
    return createHmac('sha256', this.key)
      .update([label, ...parts].join('\u001f'))
      .digest();
  }

  /** What `cards.number_digest` holds: the processor's card number finds the card by it. */
  numberDigest(number: string): string {
    return this.mac('card-number', number).toString('hex');
  }

  /** A PIN as stored: bound to the card, so the same PIN on two cards hashes differently. */
  pinDigest(cardId: string, pin: string): string {
    return this.mac('card-pin', cardId, pin).toString('hex');
  }

  pinMatches(cardId: string, pin: string, digest: string): boolean {
    const expected = Buffer.from(this.pinDigest(cardId, pin), 'hex');
    const stored = Buffer.from(digest, 'hex');
    return stored.length === expected.length && timingSafeEqual(stored, expected);
  }

  /** The card's 3-digit CVV, derived from the number and expiry (`MM/YY`); never stored. */
  cvv(number: string, expiry: string): string {
    return (this.mac('card-cvv', number, expiry).readUInt32BE(0) % 1000).toString().padStart(3, '0');
  }
}

/**
 * CARD_KEY and PROCESSOR_SECRET from configuration; outside production, each kept in a file in the
 * data directory (mode 0600), made on the first start, so a demo's cards keep working after a
 * restart. Production refuses to start without CARD_KEY; without PROCESSOR_SECRET it runs, and
 * the processor interface answers 503.
 */
export function loadCardKeys(config: CardsConfig): CardKeys {
  const { cards } = config;
  let key: Buffer | null;
  if (cards.key !== null) key = decodeSecretKey(cards.key);
  else if (config.isProduction)
    throw new Error(
      'CARD_KEY is not set: in production the key that hashes card numbers and PINs must come from ' +
        'configuration (32 random bytes in base64: openssl rand -base64 32)',
    );
  else {
    createKeyFile(cards.keyFile);
    key = decodeSecretKey(fs.readFileSync(cards.keyFile, 'utf8'));
  }
  if (!key) throw new Error('CARD_KEY is not 32 bytes in base64');

  let processorSecret = cards.processorSecret;
  if (processorSecret === null && !config.isProduction) {
    createKeyFile(cards.processorSecretFile, () => randomBytes(32).toString('hex'));
    processorSecret = fs.readFileSync(cards.processorSecretFile, 'utf8').trim();
  }
  return new CardKeys(key, processorSecret);
}
