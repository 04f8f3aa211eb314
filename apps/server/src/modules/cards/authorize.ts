import { timingSafeEqual } from 'node:crypto';
import {
  type CardChannel,
  type DeclineReason,
  declineReasons,
  formatMoney,
  parseMoney,
  type ProcessorAuthorization,
  type ProcessorAuthorizationResult,
} from '@mutual/shared';
import { eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { sqlState } from '../../db/errors';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { localDay } from '../../time';
import { findActiveHold } from '../holds/holds';
import { generalLedger } from '../ledger/general-ledger';
import { hashRequest } from '../ledger/idempotency';
import { postTransfer } from '../ledger/post-transfer';
import { notify } from '../notifications/notify';
import { expiryText, isExpired } from './card-numbers';
import { cardCategory, isCashUse } from './merchant-category';
import { type CardAuthorizationRow, cardAuthorizations, type CardRow, cards } from './cards.tables';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'cardKeys'>;

/**
 * The processor asks: may this card pay this much here? Decided by the card's own controls, in
 * order — status (locked, lost, not activated), expiry, a staff hold on the member, the channel
 * switches (online, international, ATM: any cash), the PIN when one is presented (required at an
 * ATM), the security code (CVV2) when one is presented, the per-purchase limit (purchases), the
 * day's limit (ATM cash for cash, wherever it is paid out: merchant-category.ts `isCashUse`; else
 * purchases), and last the money: an approval is a pending ledger transfer (a hold) from the card's
 * account to the card settlement account, which ledger_post makes only if the available balance
 * (or, for a credit card, the credit left) covers it.
 *
 * Everything happens under the card's row lock, so 30 purchases racing on one card are decided one
 * after another and cannot pass a limit together; the funds are the ledger's to guard under its
 * own locks. A decline is recorded too — the authorization row, a `failed` ledger transfer that
 * shows the member the reason in their history, and a notice — and the answer is the same for a
 * repeat of the request with the same processor id.
 */
export async function authorizePurchase(
  deps: Deps,
  input: ProcessorAuthorization,
): Promise<ProcessorAuthorizationResult> {
  const now = deps.clock();
  const amount = cents(input.amount);
  const requestHash = authorizationRequestHash(input);

  const repeat = await findByProcessorId(deps.db, input.id);
  if (repeat) return answerOf(repeat, requestHash);

  const [found] = await deps.db
    .select({ id: cards.id })
    .from(cards)
    .where(eq(cards.numberDigest, deps.cardKeys.numberDigest(input.cardNumber)));
  if (!found) return { id: input.id, authorizationId: null, decision: 'declined', ...declined('card_unknown') };

  try {
    const row = await deps.db.transaction(async (tx) => {
      const [card] = await tx.select().from(cards).where(eq(cards.id, found.id)).for('update');
      if (!card) throw new Error('card vanished');
      const again = await findByProcessorId(tx, input.id);
      if (again) return again;

      const day = localDay(now, deps.config.timeZone);
      const reason = await declineReason(deps, tx, card, input, amount, day);
      const transfer = { ...cardPayment(card, paymentOf(input), amount), now, createdBy: null };
      let outcome: { status: 'pending'; holdTransferId: string } | { status: 'declined'; reason: DeclineReason };
      if (reason) outcome = { status: 'declined', reason };
      else {
        try {
          const hold = await tx.transaction((savepoint) => postTransfer(savepoint, { ...transfer, kind: 'pending' }));
          outcome = { status: 'pending', holdTransferId: hold.transferId };
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 'INSUFFICIENT_FUNDS') throw error;
          outcome = { status: 'declined', reason: card.kind === 'credit' ? 'over_credit_limit' : 'insufficient_funds' };
        }
      }

      let declineTransferId: string | null = null;
      if (outcome.status === 'declined') {
        const words = declineReasons[outcome.reason];
        ({ transferId: declineTransferId } = await postTransfer(tx, { ...transfer, kind: 'failed', reason: words }));
        await notify(
          tx,
          card.userId,
          {
            kind: 'card',
            title: isCashUse(paymentOf(input)) ? 'Cash withdrawal declined' : 'Card purchase declined',
            body: `${formatMoney(amount)} at ${input.merchant.name} with your card ending ${card.last4}: ${words}.`,
          },
          now,
        );
      }
      const [stored] = await tx
        .insert(cardAuthorizations)
        .values({
          cardId: card.id,
          processorId: input.id,
          requestHash,
          merchant: input.merchant.name,
          country: input.merchant.country,
          channel: input.channel,
          categoryCode: input.merchant.categoryCode ?? null,
          amount,
          day,
          status: outcome.status,
          declineReason: outcome.status === 'declined' ? outcome.reason : null,
          holdTransferId: outcome.status === 'pending' ? outcome.holdTransferId : null,
          declineTransferId,
          authorizedAt: now,
        })
        .returning();
      if (!stored) throw new Error('authorization not stored');
      return stored;
    });
    return answerOf(row, requestHash);
  } catch (error) {
    // The same processor id on another card at the same moment: the first one's answer stands.
    if (sqlState(error) !== '23505') throw error;
    const first = await findByProcessorId(deps.db, input.id);
    if (!first) throw error;
    return answerOf(first, requestHash);
  }
}

/** What a repeat of the request is compared by. */
export function authorizationRequestHash(input: ProcessorAuthorization): string {
  // The PIN and the CVV are not part of the stored hash: a few digits hashed without a key would give
  // them away. (No CVV, no key: the hash of a request without one is what it always was.)
  const { cvv, ...rest } = input;
  return hashRequest('processor:authorization', {
    ...rest,
    pin: input.pin === undefined ? null : '*',
    ...(cvv !== undefined && { cvv: '*' }),
  });
}

function declined(reason: DeclineReason) {
  return { reason, message: declineReasons[reason] };
}

function answerOf(row: CardAuthorizationRow, requestHash: string): ProcessorAuthorizationResult {
  if (row.requestHash !== requestHash)
    throw new AppError('CONFLICT', `Authorization ${row.processorId} was already received with different details.`);
  if (row.declineReason)
    return {
      id: row.processorId,
      authorizationId: row.id,
      decision: 'declined',
      ...declined(row.declineReason as DeclineReason),
    };
  return { id: row.processorId, authorizationId: row.id, decision: 'approved', reason: null, message: 'Approved' };
}

async function findByProcessorId(db: Executor, processorId: string): Promise<CardAuthorizationRow | undefined> {
  const [row] = await db.select().from(cardAuthorizations).where(eq(cardAuthorizations.processorId, processorId));
  return row;
}

/** A processor's amount in cents (the contract has checked its form already). */
export function cents(amount: string): bigint {
  const parsed = parseMoney(amount);
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED', 'The amount is not a valid amount.');
  return parsed.cents;
}

/** Where and how a card was used: what its ledger movement is written from (an authorization row has each). */
export interface CardUseOf {
  merchant: string;
  channel: CardChannel;
  /** The merchant category code, or null when the processor sent none. */
  categoryCode: string | null;
}

/** A processor's request, as its ledger movement reads it. */
export const paymentOf = (input: ProcessorAuthorization): CardUseOf => ({
  merchant: input.merchant.name,
  channel: input.channel,
  categoryCode: input.merchant.categoryCode ?? null,
});

/**
 * The ledger movement of a card payment, held at authorization and posted at clearing: from the
 * card's account to the card settlement account, as cash (an ATM withdrawal; a cash withdrawal
 * elsewhere: a teller, a bank's own machine that reports itself as a terminal) or a purchase, filed
 * under the category its merchant category code names (merchant-category.ts).
 */
export function cardPayment(card: Pick<CardRow, 'accountId' | 'last4'>, use: CardUseOf, amount: bigint) {
  const what = !isCashUse(use) ? 'Card purchase' : use.channel === 'atm' ? 'ATM withdrawal' : 'Cash withdrawal';
  return {
    debitAccountId: card.accountId,
    creditAccountId: generalLedger.cardSettlement,
    amount,
    category: cardCategory(use.channel, use.categoryCode),
    debitMemo: `${what}: ${use.merchant}`,
    creditMemo: `Card ${card.last4}: ${use.merchant}`,
  };
}

/** The first control that says no, or null. Wrong PINs are counted here (they commit with the decline). */
async function declineReason(
  deps: Deps,
  tx: Executor,
  card: CardRow,
  input: ProcessorAuthorization,
  amount: bigint,
  day: string,
): Promise<DeclineReason | null> {
  const settings = deps.config.cards;
  if (card.status === 'closed') return 'card_closed';
  if (card.status === 'inactive') return 'card_inactive';
  if (card.status === 'locked') return 'card_locked';
  if (input.expiry !== expiryText(card.expiryMonth, card.expiryYear)) return 'expiry_mismatch';
  if (isExpired(card.expiryMonth, card.expiryYear, day)) return 'card_expired';

  if (await findActiveHold(tx, card.userId)) return 'account_on_hold';

  // Cash is cash wherever it is paid out (merchant-category.ts): an ATM, a bank's own machine that
  // reports itself as an in-store terminal (6011), a teller (6010).
  const cash = isCashUse(paymentOf(input));
  if (input.channel === 'online' && !card.allowOnline) return 'online_off';
  // The ATM switch ("ATM withdrawals") covers every cash withdrawal by card: a member who turned it
  // off expects no cash to leave by card, at an ATM or anywhere else.
  if (cash && !card.allowAtm) return 'atm_off';
  if (input.merchant.country !== settings.homeCountry && !card.allowInternational) return 'international_off';

  // The PIN is required at an ATM; at a terminal (a shop's, or a bank's own cash machine that
  // reports itself as one) asking for it is the terminal's: one presented is checked either way.
  if (input.pin === undefined && input.channel === 'atm') return 'pin_required';
  // Wrong PINs and wrong security codes are counted together: the day's tries are for either.
  const failuresToday = card.pinFailuresDay === day ? card.pinFailures : 0;
  const countFailure = () =>
    tx
      .update(cards)
      .set({ pinFailures: failuresToday + 1, pinFailuresDay: day })
      .where(eq(cards.id, card.id));
  if (input.pin !== undefined) {
    if (card.pinDigest === null) return 'pin_not_set';
    if (failuresToday >= settings.pinTries) return 'pin_tries_exceeded';
    if (!deps.cardKeys.pinMatches(card.id, input.pin, card.pinDigest)) {
      await countFailure();
      return 'pin_incorrect';
    }
  }
  // The security code (CVV2) when the processor sends one: derived from the number and expiry, as
  // View Card Details shows it, and compared in constant time.
  if (input.cvv !== undefined) {
    if (failuresToday >= settings.pinTries) return 'cvv_tries_exceeded';
    const expected = deps.cardKeys.cvv(input.cardNumber, expiryText(card.expiryMonth, card.expiryYear));
    if (!sameDigits(input.cvv, expected)) {
      await countFailure();
      return 'cvv_incorrect';
    }
  }

  if (!cash && amount > card.limitPerPurchase) return 'over_purchase_limit';
  const spent = await spentToday(tx, card.id, day, cash);
  if (cash) return spent + amount > card.limitDailyAtm ? 'over_atm_limit' : null;
  return spent + amount > card.limitDailyPurchases ? 'over_daily_limit' : null;
}

/** Two strings of digits compared in constant time (of their length). */
function sameDigits(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * What the card's approved authorizations of the day came to (cash, or purchases), as cleared once
 * cleared: what the daily limits count, here and when a tip clears (settle.ts). Summed by channel
 * and merchant category code (a few groups a day), each group told cash or purchase by `isCashUse`
 * itself, so the limits count by the rule everything else reads.
 */
export async function spentToday(tx: Executor, cardId: string, day: string, cash: boolean): Promise<bigint> {
  const rows = await queryRows<{ channel: CardChannel; category_code: string | null; spent: string }>(
    tx,
    sql`select channel, category_code, sum(coalesce(cleared_amount, amount))::text as spent from card_authorizations
        where card_id = ${cardId} and day = ${day} and status in ('pending', 'posted')
        group by channel, category_code`,
  );
  return rows
    .filter((row) => isCashUse({ channel: row.channel, categoryCode: row.category_code }) === cash)
    .reduce((sum, row) => sum + BigInt(row.spent), 0n);
}

/** An authorization by the processor's id, locked (NOT_FOUND when unknown): clearings, reversals and refunds. */
export async function lockAuthorization(tx: Executor, processorId: string): Promise<CardAuthorizationRow> {
  const [row] = await tx
    .select()
    .from(cardAuthorizations)
    .where(eq(cardAuthorizations.processorId, processorId))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', `Authorization ${processorId} is not known.`);
  return row;
}
