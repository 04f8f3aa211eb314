import { type ApiError, type CardCode, messages } from '@mutual/shared';
import { describe, expect, it } from 'vitest';
import { enrolAuthenticator, TOTP_STEP } from '../../test/authenticator';
import { cardPath, cardTestEnv, giveCreditCard, latestCardCode, memberWithCard } from '../../test/cards';
import { type Browser, mailsTo, manualClock, MINUTE, wrongCode } from '../../test/identity';
import { expectRefusal } from '../../test/responses';
import { useLedgerTestApp } from '../../test/test-app';

const m = messages.cards;
const rateLimited: ApiError = { code: 'RATE_LIMITED', message: messages.generic.rateLimited };

/** The card modal opening (`{ action }`), or its "Send a new code" (`fresh`). */
async function ask(browser: Browser, cardId: string, action: string, fresh?: boolean) {
  return browser.post(cardPath(cardId, 'codes'), fresh ? { action, fresh } : { action });
}

async function asked(browser: Browser, cardId: string, action: string, fresh?: boolean): Promise<CardCode> {
  const answer = await ask(browser, cardId, action, fresh);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<CardCode>();
}

const cardCodeMails = async (t: Parameters<typeof mailsTo>[0], email: string) =>
  (await mailsTo(t, email, 'card-code')).length;

describe('[CARDS]: opening the card modal again answers the code already sent', () => {
  // 15:00 UTC is 10:00 AM in New York (the default TIME_ZONE): a code asked for now works until 10:10 AM.
  const time = manualClock(new Date('2026-11-25T15:00:00Z'));
  // Three codes a minute per address, so the limit is in reach.
  const t = useLedgerTestApp({ clock: time.clock, env: { ...cardTestEnv, AUTH_RATE_LIMIT: '3' } });

  it('the same challenge and expiry, the code e-mailed once, saying until when it works', async () => {
    const { member, card } = await memberWithCard(t);
    const first = await asked(member.browser, card.id, 'limits');
    expect(first).toMatchObject({ method: 'email', message: m.otpSent });
    time.advance(2 * MINUTE);
    const again = await asked(member.browser, card.id, 'limits');
    expect(again).toEqual({
      challengeId: first.challengeId,
      method: 'email',
      expiresAt: first.expiresAt,
      message: m.otpAlreadySent('10:10 AM EST'),
    });
    expect(await cardCodeMails(t, member.email)).toBe(1);
    const verified = await member.browser.post(cardPath(card.id, 'codes/verify'), {
      challengeId: again.challengeId,
      action: 'limits',
      otp: await latestCardCode(t, member.email),
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('ten openings are never rate limited; "Send a new code" sends and counts; the earlier code works', async () => {
    const { member, card } = await memberWithCard(t);
    const first = await asked(member.browser, card.id, 'details');
    const firstCode = await latestCardCode(t, member.email);
    for (let opening = 2; opening <= 10; opening++) {
      expect((await asked(member.browser, card.id, 'details')).challengeId, `opening ${opening}`).toBe(
        first.challengeId,
      );
    }
    expect(await cardCodeMails(t, member.email)).toBe(1);

    // "Send a new code": a new challenge and e-mail each time, counted with the first opening.
    time.advance(MINUTE);
    const second = await asked(member.browser, card.id, 'details', true);
    expect(second).toMatchObject({ method: 'email', message: m.otpSent });
    expect(second.challengeId).not.toBe(first.challengeId);
    time.advance(MINUTE);
    const third = await asked(member.browser, card.id, 'details', true);
    expect(await cardCodeMails(t, member.email)).toBe(3);
    expectRefusal(await ask(member.browser, card.id, 'details', true), 429, rateLimited);
    expect(await cardCodeMails(t, member.email)).toBe(3);

    // Refused a fourth code, the member still reaches the card: opening answers the newest code.
    expect((await asked(member.browser, card.id, 'details')).challengeId).toBe(third.challengeId);
    // As before: a new code does not take the earlier one's place; each works until it expires.
    const verified = await member.browser.post(cardPath(card.id, 'codes/verify'), {
      challengeId: first.challengeId,
      action: 'details',
      otp: firstCode,
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('a code is answered again only for its own card, action and member', async () => {
    const { member, card } = await memberWithCard(t);
    const forLimits = await asked(member.browser, card.id, 'limits');
    const forDetails = await asked(member.browser, card.id, 'details');
    const creditId = await giveCreditCard(t, member);
    const otherCard = await asked(member.browser, creditId, 'limits');
    expect(new Set([forLimits.challengeId, forDetails.challengeId, otherCard.challengeId]).size).toBe(3);
    for (const code of [forDetails, otherCard]) expect(code.message).toBe(m.otpSent);
    expect(await cardCodeMails(t, member.email)).toBe(3);

    const other = await memberWithCard(t);
    const theirs = await asked(other.member.browser, other.card.id, 'limits');
    expect(theirs).toMatchObject({ message: m.otpSent });
    expect(theirs.challengeId).not.toBe(forLimits.challengeId);
    expect(await cardCodeMails(t, other.member.email)).toBe(1);
    // Another member's card is still not found, with no code made for it.
    expectRefusal(await ask(other.member.browser, card.id, 'limits'), 404, { code: 'NOT_FOUND', message: m.notFound });
    expect(await cardCodeMails(t, member.email)).toBe(3);
  });
});

describe('[CARDS]: which card code is answered again', () => {
  const time = manualClock(new Date('2026-11-25T15:00:00Z'));
  // No rate limit in the way of the many codes sent here.
  const t = useLedgerTestApp({ clock: time.clock, env: cardTestEnv });

  it('an expired, verified, spent or out-of-tries code is not answered again: a new one is sent', async () => {
    const { member, card } = await memberWithCard(t);
    const sentSoFar = async () => cardCodeMails(t, member.email);
    const expired = await asked(member.browser, card.id, 'details');
    time.advance((t.config.security.otpTtlMinutes + 1) * MINUTE);
    const afterExpiry = await asked(member.browser, card.id, 'details');
    expect(afterExpiry.challengeId).not.toBe(expired.challengeId);
    expect(afterExpiry.message).toBe(m.otpSent);
    expect(await sentSoFar()).toBe(2);

    // Verified: answering it again would hand out a code's id that step 2 could spend without the code.
    const verify = (challengeId: string, otp: string) =>
      member.browser.post(cardPath(card.id, 'codes/verify'), { challengeId, action: 'details', otp });
    expect((await verify(afterExpiry.challengeId, await latestCardCode(t, member.email))).statusCode).toBe(200);
    const afterVerified = await asked(member.browser, card.id, 'details');
    expect(afterVerified.challengeId).not.toBe(afterExpiry.challengeId);
    expect(await sentSoFar()).toBe(3);

    // Spent by View Card Details.
    expect((await verify(afterVerified.challengeId, await latestCardCode(t, member.email))).statusCode).toBe(200);
    const shown = await member.browser.post(cardPath(card.id, 'details'), { challengeId: afterVerified.challengeId });
    expect(shown.statusCode, shown.body).toBe(200);
    const afterSpent = await asked(member.browser, card.id, 'details');
    expect(afterSpent.challengeId).not.toBe(afterVerified.challengeId);
    expect(await sentSoFar()).toBe(4);

    // Out of tries.
    const code = await latestCardCode(t, member.email);
    for (let i = 0; i < t.config.security.otpMaxAttempts; i++) await verify(afterSpent.challengeId, wrongCode(code));
    const afterTries = await asked(member.browser, card.id, 'details');
    expect(afterTries.challengeId).not.toBe(afterSpent.challengeId);
    expect(await sentSoFar()).toBe(5);

    // About to expire (under a minute left): not worth typing, so a new one.
    time.advance(t.config.security.otpTtlMinutes * MINUTE - 30_000);
    expect((await asked(member.browser, card.id, 'details')).challengeId).not.toBe(afterTries.challengeId);
    expect(await sentSoFar()).toBe(6);
  });

  it('with an authenticator, opening again answers the open challenge and nothing is e-mailed', async () => {
    const { member, card } = await memberWithCard(t);
    const totp = await enrolAuthenticator(member.browser, time.now);
    time.advance(TOTP_STEP);
    const first = await asked(member.browser, card.id, 'pin');
    expect(first).toMatchObject({ method: 'totp', message: m.otpAuthenticator });
    expect(await asked(member.browser, card.id, 'pin')).toEqual(first);
    const verified = await member.browser.post(cardPath(card.id, 'codes/verify'), {
      challengeId: first.challengeId,
      action: 'pin',
      otp: totp(),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await asked(member.browser, card.id, 'pin')).challengeId).not.toBe(first.challengeId);
    expect(await cardCodeMails(t, member.email)).toBe(0);
  });

  it('five openings at once send one code, and all answer with it', async () => {
    const { member, card } = await memberWithCard(t);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => asked(member.browser, card.id, 'limits')));
    expect(new Set(answers.map((answer) => answer.challengeId)).size).toBe(1);
    expect(await cardCodeMails(t, member.email)).toBe(1);
  });
});
