/**
 * Whether an answer's time tells which e-mails have accounts, or which accounts are locked
 * (issue 14, finding 6): the real app over HTTP, one request at a time, the branches interleaved
 * in a shuffled order each round so drift hits them alike. Prints the median (p50) and p90 of
 * each branch of `POST /api/auth/password-reset` (an account, an account over its hourly limit,
 * an unknown e-mail) and of sign-in step 1 (a wrong password, a locked account, an unknown
 * e-mail). Prints figures; asserts nothing.
 * Run: npm run bench:auth-timing (set DATABASE_URL for PostgreSQL; BENCH_ROUNDS, default 200).
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../apps/server/src/modules/people/people.tables';
import { createBenchUser, startBenchServer } from './support';

const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
const warmUp = 20;
const password = 'bench-timing-passphrase';

const server = await startBenchServer({
  AUTH_RATE_LIMIT: '100000000',
  // A wrong password must stay a wrong password for the whole run, not become a locked account.
  SIGN_IN_LOCKOUT_THRESHOLD: '100000000',
});
const { base, deps } = server;
const headers = { 'content-type': 'application/json', origin: deps.config.publicUrl };

const person = (name: string) => ({
  name,
  email: `${name.toLowerCase()}@bench.example`,
  password,
  role: 'user' as const,
});
const open = person('Wrong');
const locked = person('Locked');
await createBenchUser(deps, open);
const lockedUser = await createBenchUser(deps, locked);
await deps.db
  .update(users)
  .set({ lockedUntil: new Date(Date.now() + 365 * 24 * 3_600_000) })
  .where(eq(users.id, lockedUser.id));
// A reset e-mail goes out at most 3 times an hour per account: enough accounts for every "sent" sample.
const resetAccounts: string[] = [];
for (let i = 0; i < Math.ceil((rounds + warmUp) / 3); i += 1) {
  const account = person(`Reset${i}`);
  await createBenchUser(deps, account);
  resetAccounts.push(account.email, account.email, account.email);
}
const overLimit = person('Busy');
await createBenchUser(deps, overLimit);

let unknownCount = 0;
const unknownEmail = () => `nobody-${(unknownCount += 1)}@bench.example`;

/** Milliseconds for one request; fails the run on an answer other than the expected one. */
async function timed(path: string, body: unknown, expected: number): Promise<number> {
  const started = process.hrtime.bigint();
  const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  await response.arrayBuffer();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (response.status !== expected) throw new Error(`${path}: ${response.status}, expected ${expected}`);
  return ms;
}

const reset = (email: string) => timed('/api/auth/password-reset', { email }, 202);
const signIn = (email: string, expected = 401) =>
  timed('/api/auth/sign-in', { email, password: 'not-the-password' }, expected);

const branches: Array<{ group: string; title: string; run: () => Promise<number> }> = [
  { group: 'password reset', title: 'an account (e-mail sent)', run: () => reset(resetAccounts.shift() ?? '') },
  { group: 'password reset', title: 'an account over its hourly limit', run: () => reset(overLimit.email) },
  { group: 'password reset', title: 'an unknown e-mail', run: () => reset(unknownEmail()) },
  { group: 'sign-in step 1', title: 'a wrong password', run: () => signIn(open.email) },
  { group: 'sign-in step 1', title: 'a locked account', run: () => signIn(locked.email) },
  { group: 'sign-in step 1', title: 'an unknown e-mail', run: () => signIn(unknownEmail()) },
];

const samples = branches.map(() => [] as number[]);
for (let round = 0; round < rounds + warmUp; round += 1) {
  const order = branches.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = randomInt(0, i + 1);
    [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
  }
  for (const i of order) {
    const ms = await (branches[i]?.run() ?? Promise.resolve(0));
    if (round >= warmUp) samples[i]?.push(ms);
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
console.warn(`${rounds} requests per branch, one at a time, interleaved (after ${warmUp} rounds of warm-up)`);
let group = '';
branches.forEach((branch, i) => {
  if (branch.group !== group) {
    group = branch.group;
    console.warn(group);
  }
  const values = samples[i] ?? [];
  console.warn(
    `  ${branch.title.padEnd(34)} p50 ${quantile(values, 0.5).toFixed(2).padStart(7)} ms` +
      `  p90 ${quantile(values, 0.9).toFixed(2).padStart(7)} ms`,
  );
});
await server.stop();
