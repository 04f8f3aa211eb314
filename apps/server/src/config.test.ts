import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, settingNames } from './config';
import { defaultPostgresTimeouts } from './db/pg-connections';
import { serverRoot } from './paths';

describe('[CONFIG]: settings from the environment', () => {
  it('defaults to the demo credit union on the embedded database', () => {
    const config = loadConfig({});
    expect(config.database.kind).toBe('pglite');
    expect(config.demo).toBe(true);
    expect(config.port).toBe(3000);
    expect(config.limits.recentTransactions).toBe(20);
    expect(config.deposits.standard.perCheck).toBe(1_000_000n);
    expect(config.limits.profileImageMaxBytes).toBe(5_242_880);
    expect(config.security.otpTtlMinutes).toBe(10);
  });

  it('uses PostgreSQL and leaves demo mode when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/mutual' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/mutual' });
    expect(config.demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', DEMO_MODE: 'true' }).demo).toBe(true);
  });

  it('takes the brand, contacts and rates from the environment', () => {
    const config = loadConfig({
      CU_NAME: 'Harbor Teachers Credit Union',
      CU_PRIMARY_COLOR: '#123456',
      SUPPORT_EMAIL: 'help@harbor.example',
      ROUTING_NUMBER: '021000021',
      RATE_SAVINGS_APY: '4.25%',
    });
    expect(config.brand.name).toBe('Harbor Teachers Credit Union');
    expect(config.brand.primaryColor).toBe('#123456');
    expect(config.support.email).toBe('help@harbor.example');
    expect(config.routingNumber).toBe('021000021');
    expect(config.rates.savingsApy).toBe('4.25%');
    expect(config.mail.from).toBe('Harbor Teachers Credit Union <help@harbor.example>');
  });

  it.each([
    [{ ROUTING_NUMBER: '021000022' }, 'ROUTING_NUMBER'],
    [{ ROUTING_NUMBER: '12345' }, 'ROUTING_NUMBER'],
    [{ CU_PRIMARY_COLOR: 'blue' }, 'CU_PRIMARY_COLOR'],
    [{ RATE_SAVINGS_APY: '3.5' }, 'RATE_SAVINGS_APY'],
    [{ MOBILE_DEPOSIT_LIMIT: '1e4' }, 'MOBILE_DEPOSIT_LIMIT'],
    [{ PORT: 'eighty' }, 'PORT'],
    // No statement could be drawn on a member's request at all.
    [{ STATEMENT_DRAWS_MAX: '0' }, 'STATEMENT_DRAWS_MAX'],
    // An upload's bytes are written before its row commits: a shorter grace could delete them.
    [{ FILE_SWEEP_GRACE_MINUTES: '5' }, 'FILE_SWEEP_GRACE_MINUTES'],
    [{ FILE_SWEEP_MAX_FILES: '0' }, 'FILE_SWEEP_MAX_FILES'],
    // No time limit: a trickled upload would hold its socket for ever; no lease: a slot never lapses.
    [{ REQUEST_TIMEOUT_SECONDS: '0' }, 'REQUEST_TIMEOUT_SECONDS'],
    [{ SLOT_LEASE_SECONDS: '0' }, 'SLOT_LEASE_SECONDS'],
    [{ EXPORT_STALL_SECONDS: '0' }, 'EXPORT_STALL_SECONDS'],
    [{ MARKET_EMBED_URL: 'http://insecure.example/widget' }, 'MARKET_EMBED_URL'],
    // Believing every hop lets a client choose its own address.
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY'],
  ])('refuses to start with a bad setting %o', (env, key) => {
    expect(() => loadConfig(env)).toThrow(key);
  });

  it('believes a proxy by its address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
      '::1',
    ]);
  });

  it('asks staff for an authenticator app by default in production only', () => {
    expect(loadConfig({}).security.requireStaffTotp).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).security.requireStaffTotp).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', REQUIRE_STAFF_TOTP: 'false' }).security.requireStaffTotp).toBe(false);
    expect(loadConfig({ REQUIRE_STAFF_TOTP: 'true' }).security.requireStaffTotp).toBe(true);
  });

  it('.env.example lists every setting once, with a default that loads', () => {
    const example = fs.readFileSync(path.resolve(serverRoot, '../../.env.example'), 'utf8');
    const listed = [...example.matchAll(/^# ([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => match[1]);
    expect([...listed].sort()).toEqual([...settingNames].sort());
    // The shown defaults are real: uncommented, they load, and change nothing but what is blank.
    const shown = Object.fromEntries(
      [...example.matchAll(/^# ([A-Z][A-Z0-9_]*)=(.+)$/gm)].map((match) => [match[1], match[2]]),
    );
    const { DATABASE_URL: _, ...defaults } = shown;
    expect(() => loadConfig(defaults)).not.toThrow();
    expect(loadConfig(defaults).limits).toEqual(loadConfig({}).limits);
  });

  it('bounds how long PostgreSQL may keep the app waiting, by default as the database client does', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual(defaultPostgresTimeouts);
    expect(
      loadConfig({
        DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
        DATABASE_QUERY_TIMEOUT_SECONDS: '0.5',
        DATABASE_HEARTBEAT_SECONDS: '60',
      }).databaseTimeouts,
    ).toEqual({ connectMs: 2_000, queryMs: 500, heartbeatMs: 60_000 });
    // No bound is no answer to a silent database: a request would hang.
    for (const name of [
      'DATABASE_CONNECT_TIMEOUT_SECONDS',
      'DATABASE_QUERY_TIMEOUT_SECONDS',
      'DATABASE_HEARTBEAT_SECONDS',
    ])
      expect(() => loadConfig({ [name]: '0' })).toThrow(name);
  });

  it('caps uploads, times requests and leases held slots by default', () => {
    const { limits } = loadConfig({});
    expect(limits.uploads).toEqual({ perSession: 2, perMember: 3, perAddress: 3, total: 32 });
    expect([limits.requestTimeoutSeconds, limits.slotLeaseSeconds, limits.exports.stallSeconds]).toEqual([120, 60, 60]);
    const set = loadConfig({ UPLOADS_PER_SESSION: '1', UPLOADS_PER_MEMBER: '4', UPLOADS_MAX: '9' }).limits.uploads;
    expect(set).toEqual({ perSession: 1, perMember: 4, perAddress: 4, total: 9 });
  });
});
