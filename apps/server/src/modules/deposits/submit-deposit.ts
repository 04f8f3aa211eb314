import {
  type AccountType,
  accountTypes,
  centsToDecimal,
  type DepositFlag,
  type DepositOverview,
  type DepositRequest,
  type DepositResult,
  formatMoney,
  longDay,
  messages,
  parseMoney,
} from '@mutual/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { type Executor, queryRows } from '../../db/client';
import { AppError } from '../../errors';
import { fieldError } from '../../http/multipart';
import { localDay } from '../../time';
import { type RequestMeta, recordOwnAction } from '../audit/record-audit';
import { saveFile } from '../files/save-file';
import { assertNotOnHold } from '../holds/holds';
import { generalLedger } from '../ledger/general-ledger';
import { hashRequest, type IdempotentAnswer, runIdempotent } from '../ledger/idempotency';
import { ledgerAccounts } from '../ledger/ledger.tables';
import { postTransfer } from '../ledger/post-transfer';
import type { UserRow } from '../people/people.tables';
import { type CheckImage, prepareCheckImage, SIMILAR_BITS } from './deposit-images';
import { assertPerCheck, assertWithinLimits, limitsFor, limitsView, usageOf } from './deposit-limits';
import { findMemberDeposit, memberDeposits, usualAmount } from './deposit-view';
import { mobileDeposits } from './deposits.tables';
import { dayOfDeposit, policyText } from './funds-availability';

/**
 * A member deposits a check (spec §4: created Pending Review with a pending credit, category
 * Deposit). The photos are checked and re-encoded before anything is stored; then, in one
 * transaction under the member's deposit lock (so racing deposits are counted one after
 * another and exactly the ones within the limits pass): the limits, the duplicate checks, the
 * stored photos, the pending ledger credit from the deposit clearing account (not in the
 * available balance), the deposit row with its flags and the audit row — once per
 * Idempotency-Key.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'storage'>;
const m = messages.deposits;

export interface DepositCaller {
  member: UserRow;
  key: string;
  meta: RequestMeta;
}

const memberSince = (member: UserRow) => member.approvedAt ?? member.createdAt;

/** The form's facts and the member's deposits. */
export async function depositOverview(deps: Deps, member: UserRow, page: number): Promise<DepositOverview> {
  const now = deps.clock();
  const [accounts, usage, list] = await Promise.all([
    deps.db
      .select({ type: ledgerAccounts.type, accountNumber: ledgerAccounts.accountNumber })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, member.id), inArray(ledgerAccounts.type, accountTypes)))
      .orderBy(ledgerAccounts.type),
    usageOf(deps.db, member.id, now, deps.config),
    memberDeposits(deps.db, member.id, page),
  ]);
  return {
    accounts: accounts.map((account) => ({
      type: account.type as AccountType,
      accountNumberLast4: (account.accountNumber ?? '').slice(-4),
    })),
    endorsement: m.endorsement(deps.config.brand.name),
    limits: limitsView(limitsFor(deps.config, memberSince(member), now), usage),
    imageMaxBytes: deps.config.deposits.imageMaxBytes,
    policy: policyText(deps.config, now),
    ...list,
  };
}

async function checkImage(bytes: Buffer | undefined, field: 'front' | 'back'): Promise<CheckImage & { ok: true }> {
  if (!bytes) throw fieldError(field, field === 'front' ? m.frontRequired : m.backRequired);
  const image = await prepareCheckImage(bytes);
  if (image.ok) return image;
  throw fieldError(
    field,
    image.problem === 'type' ? m.imageType : image.problem === 'small' ? m.imageTooSmall : m.imageUnreadable,
  );
}

export async function submitDeposit(
  deps: Deps,
  caller: DepositCaller,
  input: DepositRequest,
  files: { front?: Buffer; back?: Buffer },
): Promise<IdempotentAnswer> {
  const { member, key, meta } = caller;
  const now = deps.clock();
  const parsed = parseMoney(input.amount);
  if (!parsed.ok || parsed.cents < 1n) throw fieldError('amount', m.invalidAmount);
  const amount = parsed.cents;
  const { limits, newMember, newMemberUntil } = limitsFor(deps.config, memberSince(member), now);
  assertPerCheck(amount, limits);
  const [front, back] = [await checkImage(files.front, 'front'), await checkImage(files.back, 'back')];
  if (front.sha256 === back.sha256) throw fieldError('back', m.backSameAsFront);
  const requestHash = hashRequest('deposits:submit', { ...input, front: front.sha256, back: back.sha256 });

  return runIdempotent(deps.db, { userId: member.id, key, requestHash, now }, async (tx) => {
    await assertNotOnHold(tx, member.id);
    // One member's deposits one at a time: each counts the ones before it against the limits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mobile-deposit:${member.id}`}, 0))`);
    const [account] = await tx
      .select({ id: ledgerAccounts.id, accountNumber: ledgerAccounts.accountNumber })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, member.id), eq(ledgerAccounts.type, input.toAccount)));
    if (!account) throw new AppError('NOT_FOUND', messages.transfers.sourceAccountNotFound);

    const [deposited] = await tx
      .select({ submittedAt: mobileDeposits.submittedAt })
      .from(mobileDeposits)
      .where(and(eq(mobileDeposits.frontSha256, front.sha256), eq(mobileDeposits.status, 'accepted')))
      .limit(1);
    if (deposited)
      throw fieldError('front', m.alreadyDeposited(longDay(localDay(deposited.submittedAt, deps.config.timeZone))));
    assertWithinLimits(amount, limits, await usageOf(tx, member.id, now, deps.config));

    const flags = await flagsFor(tx, deps, {
      userId: member.id,
      accountId: account.id,
      amount,
      checkNumber: input.checkNumber || null,
      front,
      now,
      newMemberUntil: newMember ? newMemberUntil : null,
    });
    const stored = { contentType: front.contentType, purpose: 'check_image', ownerUserId: member.id } as const;
    const frontFileId = await saveFile(deps.storage, tx, {
      ...stored,
      bytes: front.bytes,
      createdBy: member.id,
      at: now,
    });
    const backFileId = await saveFile(deps.storage, tx, {
      ...stored,
      bytes: back.bytes,
      createdBy: member.id,
      at: now,
    });
    const last4 = (account.accountNumber ?? '').slice(-4);
    const { transferId } = await postTransfer(tx, {
      kind: 'pending',
      debitAccountId: generalLedger.depositClearing,
      creditAccountId: account.id,
      amount,
      category: 'Deposit',
      debitMemo: `Mobile deposit to ${input.toAccount} ••${last4} (${member.email})`,
      creditMemo: input.checkNumber ? `Mobile check deposit (check ${input.checkNumber})` : 'Mobile check deposit',
      now,
      createdBy: member.id,
    });
    const [row] = await tx
      .insert(mobileDeposits)
      .values({
        userId: member.id,
        accountId: account.id,
        amount,
        checkNumber: input.checkNumber || null,
        status: 'pending_review',
        frontFileId,
        backFileId,
        frontSha256: front.sha256,
        frontHash: front.hash,
        flags,
        pendingTransferId: transferId,
        bankingDay: dayOfDeposit(now, deps.config),
        submittedAt: now,
      })
      .returning({ id: mobileDeposits.id });
    if (!row) throw new Error('deposit not stored');
    await recordOwnAction(tx, member, {
      action: 'deposit.submitted',
      meta,
      after: {
        depositId: row.id,
        to: input.toAccount,
        amount: centsToDecimal(amount),
        checkNumber: input.checkNumber || null,
        flags: flags.map((flag) => flag.kind),
      },
      at: now,
    });
    const answer: DepositResult = { message: m.submitted, deposit: await findMemberDeposit(tx, member.id, row.id) };
    return { statusCode: 201, body: answer };
  });
}

interface FlagInput {
  userId: string;
  accountId: string;
  amount: bigint;
  checkNumber: string | null;
  front: { sha256: string; hash: bigint };
  now: Date;
  newMemberUntil: string | null;
}

interface Earlier {
  id: string;
  user_id: string;
  amount: unknown;
  submitted_at: Date | string;
}

/**
 * What staff should look at (issue 17): the same photo or a near-identical one in any deposit
 * (another member's too), the same amount, account and check number, a new member, or an amount
 * well over the member's usual.
 */
async function flagsFor(tx: Executor, deps: Deps, input: FlagInput): Promise<DepositFlag[]> {
  const flags: DepositFlag[] = [];
  // The other deposit's status is not written here: it is added when the flag is read, as it is then.
  const which = (row: Earlier) => {
    const day = longDay(localDay(new Date(row.submitted_at), deps.config.timeZone));
    const whose = row.user_id === input.userId ? '' : ' by another member';
    return `the deposit of ${formatMoney(BigInt(String(row.amount)))} on ${day}${whose}`;
  };
  const same = await queryRows<Earlier>(
    tx,
    sql`select id, user_id, amount, submitted_at from mobile_deposits
      where front_sha256 = ${input.front.sha256} order by submitted_at desc limit 1`,
  );
  for (const row of same)
    flags.push({ kind: 'duplicate_image', label: `Same photo as ${which(row)}`, depositId: row.id });
  // A scan of the hashes: fine for a credit union's volume (an index of hash bands would serve millions).
  const similar = await queryRows<Earlier>(
    tx,
    sql`select id, user_id, amount, submitted_at from mobile_deposits
      where front_sha256 <> ${input.front.sha256}
        and bit_count((front_hash # ${input.front.hash.toString()}::bigint)::bit(64)) <= ${SIMILAR_BITS}
      order by submitted_at desc limit 1`,
  );
  for (const row of similar)
    flags.push({ kind: 'similar_image', label: `Looks like the check in ${which(row)}`, depositId: row.id });
  if (input.checkNumber) {
    const [row] = await tx
      .select({
        id: mobileDeposits.id,
        user_id: mobileDeposits.userId,
        amount: mobileDeposits.amount,
        submitted_at: mobileDeposits.submittedAt,
      })
      .from(mobileDeposits)
      .where(
        and(
          eq(mobileDeposits.accountId, input.accountId),
          eq(mobileDeposits.checkNumber, input.checkNumber),
          eq(mobileDeposits.amount, input.amount),
          ne(mobileDeposits.status, 'rejected'),
        ),
      )
      .limit(1);
    if (row)
      flags.push({ kind: 'same_check', label: `Same amount and check number as ${which(row)}`, depositId: row.id });
  }
  if (input.newMemberUntil)
    flags.push({
      kind: 'new_member',
      label: `New member: lower limits until ${longDay(input.newMemberUntil)}`,
      depositId: null,
    });
  const usual = await usualAmount(tx, input.userId, input.now);
  if (usual.average !== null && input.amount > usual.average * 2n)
    flags.push({
      kind: 'over_usual',
      label: `Over their usual amount: ${usual.count} accepted deposit(s), ${formatMoney(usual.average)} on average`,
      depositId: null,
    });
  return flags;
}
