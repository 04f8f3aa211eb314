import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { messages } from '@mutual/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendDeposit } from '../test/deposits';
import { type Browser, CHROME_UA, multipart, ORIGIN, pngImage, signIn } from '../test/identity';
import { TrickledUpload } from '../test/trickled-upload';
import { memberWithMoney } from '../test/money';
import { expectRefusal } from '../test/responses';
import { useTestApp } from '../test/test-app';

/**
 * An upload (a multipart body) holds a socket and a parser while it is received: at most
 * UPLOADS_PER_SESSION per browser, UPLOADS_PER_MEMBER per member (per address before sign-in) and
 * UPLOADS_MAX per instance. One more is refused before its body is read, and an upload is counted
 * out when it is answered or its connection closes, finished or not.
 */

const METRICS_TOKEN = 'metrics-token-for-the-upload-caps-0123456789';

describe('[UPLOADS]: uploads being received are capped per browser, per member (or address) and per instance', () => {
  const t = useTestApp({
    env: { UPLOADS_PER_SESSION: '1', UPLOADS_PER_MEMBER: '2', UPLOADS_MAX: '3', METRICS_TOKEN },
  });
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterEach(() => {
    for (const upload of TrickledUpload.made) upload.abort();
    TrickledUpload.made.clear();
  });

  /** Uploads held open on the instance now (the operators' figure) and refusals at each cap. */
  const figures = async () => {
    const { body } = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const figure = (pattern: RegExp) => Number(pattern.exec(body)?.[1] ?? '0');
    return {
      open: figure(/^mutual_streams_open\{kind="uploads"\} (\d+)$/m),
      refused: Object.fromEntries(
        (['session', 'member', 'address', 'instance'] as const).map((cap) => [
          cap,
          figure(new RegExp(`^mutual_streams_refused_total\\{kind="uploads",cap="${cap}"\\} (\\d+)$`, 'm')),
        ]),
      ),
    };
  };
  const openUploads = async (n: number) =>
    vi.waitFor(async () => expect((await figures()).open).toBe(n), { timeout: 5_000, interval: 20 });

  const deposit = (browser: Browser) => sendDeposit(browser);
  const trickledDeposit = (token: string | undefined) =>
    new TrickledUpload(port, '/api/deposits', {
      cookie: `mutual_session=${token ?? ''}`,
      'idempotency-key': randomUUID(),
    });

  it('refuses one more per browser, member and instance; counts each out when answered or abandoned', async () => {
    const ann = await memberWithMoney(t, 0n, 'Ann Uploader');
    const annPhone = await signIn(t, ann.email);
    const annTablet = await signIn(t, ann.email);
    const bob = await memberWithMoney(t, 0n, 'Bob Uploader');
    const cy = await memberWithMoney(t, 0n, 'Cy Uploader');

    // Ann's browser is sending a check, slowly.
    const first = trickledDeposit(ann.browser.sessionToken);
    await openUploads(1);
    // A second from the same browser is refused, saying why, before its body is read.
    expectRefusal(await deposit(ann.browser), 429, { code: 'RATE_LIMITED', message: messages.uploads.inSession });
    // Her phone may upload too; her tablet is one too many for her.
    const second = trickledDeposit(annPhone.sessionToken);
    await openUploads(2);
    expectRefusal(await deposit(annTablet), 429, { code: 'RATE_LIMITED', message: messages.uploads.forMember });
    // Bob's takes the instance's last place: Cy is asked to come back in a minute.
    const third = trickledDeposit(bob.browser.sessionToken);
    await openUploads(3);
    expectRefusal(await deposit(cy.browser), 503, { code: 'UNAVAILABLE', message: messages.uploads.full });
    expect((await figures()).refused).toEqual({ session: 1, member: 1, address: 0, instance: 1 });
    for (const upload of [first, second, third]) {
      upload.trickle();
      expect(upload.status).toBeUndefined();
    }

    // Ann's first is received and answered: her browser may upload again, and Cy may now.
    first.finish();
    await first.closed;
    expect(first.status).toBe(400);
    await openUploads(2);
    const annAgain = await deposit(ann.browser);
    expect(annAgain.statusCode, annAgain.body).toBe(201);
    await openUploads(2);

    // Her phone loses signal mid-upload: its place is given back without an answer.
    second.abort();
    await openUploads(1);
    const tabletNow = await deposit(annTablet);
    expect(tabletNow.statusCode, tabletNow.body).toBe(201);
    const cyNow = await deposit(cy.browser);
    expect(cyNow.statusCode, cyNow.body).toBe(201);

    third.abort();
    await openUploads(0);
  });

  it('counts uploads before sign-in (a registration with its ID document) per address', async () => {
    const register = () => new TrickledUpload(port, '/api/registrations', {}, 'document');
    const [one, two] = [register(), register()];
    await openUploads(2);
    const form = await multipart({
      json: { name: 'application', value: {} },
      files: { document: { bytes: await pngImage(), type: 'image/png', filename: 'id.png' } },
    });
    const registerFrom = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/registrations',
        headers: { origin: ORIGIN, 'user-agent': CHROME_UA, 'content-type': form.contentType },
        payload: form.payload,
        remoteAddress,
      });
    expectRefusal(await registerFrom('127.0.0.1'), 429, {
      code: 'RATE_LIMITED',
      message: messages.uploads.fromAddress,
    });
    // Another address is not held back by this one.
    const elsewhere = await registerFrom('192.0.2.44');
    expect(elsewhere.statusCode, elsewhere.body).toBe(400);
    one.abort();
    two.abort();
    await openUploads(0);
  });
});
