import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages, type PublicSite } from '@mutual/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '../../test/responses';
import { type TestAppOptions, useTestApp } from '../../test/test-app';
import { devMailboxIsPublic, isLoopback } from './dev-mailbox-access';

/** A stand-in for the built web app, so the mailbox's page is served as in production. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const mailboxApp = (env: TestAppOptions['env'] = {}) => useTestApp({ env: { WEB_DIST: webDist, ...env } });
const notFound = { code: 'NOT_FOUND' as const, message: messages.generic.notFound };

describe('[DEV MAILBOX]: served to this computer only', () => {
  const t = mailboxApp();

  const from = (remoteAddress: string, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, remoteAddress, headers });

  it('answers loopback callers: 127.0.0.1, ::1 and IPv4 loopback mapped into IPv6', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.0.2']) {
      expect((await from(address, '/api/dev/mailbox')).statusCode, address).toBe(200);
      expect((await from(address, '/dev/mailbox')).statusCode, address).toBe(200);
    }
  });

  it('is not found from any other address, the page included, whatever X-Forwarded-For claims', async () => {
    for (const address of ['203.0.113.7', '10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1']) {
      expectRefusal(await from(address, '/api/dev/mailbox'), 404, notFound, address);
      expectRefusal(await from(address, '/dev/mailbox'), 404, notFound, `${address} page`);
      expectRefusal(await from(address, '/dev/mailbox?x=1'), 404, notFound, `${address} page with a query`);
    }
    // Without TRUST_PROXY the header is the client's own claim: the socket's address decides.
    const spoofed = await from('203.0.113.7', '/api/dev/mailbox', { 'x-forwarded-for': '127.0.0.1' });
    expectRefusal(spoofed, 404, notFound);
    // The rest of the app is unaffected.
    expect((await from('203.0.113.7', '/login')).statusCode).toBe(200);
    expect((await t.app.inject('/api/site')).json<PublicSite>().devMailboxPublic).toBe(false);
  });

  it("is not found from this computer under another name: a rebinding site in the developer's browser", async () => {
    for (const host of ['rebind.evil.example:3000', 'evil.example', '127.0.0.1.evil.example']) {
      expectRefusal(await from('127.0.0.1', '/api/dev/mailbox', { host }), 404, notFound, host);
      expectRefusal(await from('127.0.0.1', '/api/dev/terminal', { host }), 404, notFound, `${host} terminal`);
    }
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', new URL(t.config.publicUrl).host]) {
      expect((await from('127.0.0.1', '/api/dev/mailbox', { host })).statusCode, host).toBe(200);
    }
  });

  it('is not found however the path is spelled: the router decodes what the gate must see', async () => {
    const remote = '203.0.113.7';
    for (const url of ['/api/dev/%6Dailbox', '/api/dev/%6dailbox', '/api/%64ev/mailbox', '/api/dev/%74erminal']) {
      expectRefusal(await from(remote, url), 404, notFound, url);
    }
    for (const url of ['/dev/%6Dailbox', '/dev/%74erminal']) {
      expectRefusal(await from(remote, url), 404, notFound, `${url} page`);
    }
    const purchase = await t.app.inject({
      method: 'POST',
      url: '/api/dev/terminal/%70urchase',
      remoteAddress: remote,
      payload: {},
    });
    expectRefusal(purchase, 404, notFound);
    // From this computer the same spellings reach the mailbox: the gate went by the route.
    expect((await from('127.0.0.1', '/api/dev/%6Dailbox')).statusCode).toBe(200);
  });

  it('knows loopback addresses', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(
      ['', undefined, '128.0.0.1', '::2', '::ffff:10.0.0.1', '1127.0.0.1', '127.0.0.1.example'].some(isLoopback),
    ).toBe(false);
  });
});

describe.each(['127.0.0.1', 'loopback'])('[DEV MAILBOX]: behind a trusted proxy (TRUST_PROXY=%s)', (trust) => {
  const t = mailboxApp({ TRUST_PROXY: trust });
  const viaProxy = (forwardedFor: string) =>
    t.app.inject({ url: '/api/dev/mailbox', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });

  it("goes by the client's address the proxy forwarded", async () => {
    expectRefusal(await viaProxy('203.0.113.7'), 404, notFound);
    expect((await viaProxy('127.0.0.1')).statusCode).toBe(200);
  });

  it('is not fooled by a loopback address the client wrote in front of its own', async () => {
    // The proxy appends the address it saw; what stands before it is the client's own claim.
    expectRefusal(await viaProxy('127.0.0.1, 203.0.113.7'), 404, notFound);
  });
});

describe('[DEV MAILBOX]: DEV_MAILBOX=public', () => {
  const t = mailboxApp({ DEV_MAILBOX: 'public' });

  it('is served to anyone, and the site says so for the banner', async () => {
    expect((await t.app.inject({ url: '/api/dev/mailbox', remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/dev/mailbox', remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
    expect((await t.app.inject('/api/site')).json<PublicSite>().devMailboxPublic).toBe(true);
  });

  it('is never public where there is no mailbox: with SMTP, or in production', () => {
    const mail = { from: 'x', devMailbox: 'public' as const };
    expect(devMailboxIsPublic({ isProduction: false, mail: { ...mail, smtpUrl: undefined } })).toBe(true);
    expect(devMailboxIsPublic({ isProduction: false, mail: { ...mail, smtpUrl: 'smtp://127.0.0.1:2525' } })).toBe(
      false,
    );
    expect(devMailboxIsPublic({ isProduction: true, mail: { ...mail, smtpUrl: undefined } })).toBe(false);
  });
});
