/**
 * Cost of identity on the embedded database (or PostgreSQL with DATABASE_URL): resolving a session
 * on every signed-in request, a staff list with counts, and sign-in step 1 with a wrong password
 * (one argon2id verification, the deliberate cost). Prints figures; asserts nothing.
 * Run: npm run bench
 */
import { listOutbox } from '../apps/server/src/modules/mail/mail.service';
import {
  DEMO_MEMBER_EMAIL,
  DEMO_PASSWORD,
  DEMO_STAFF_EMAIL,
  seedDemo,
} from '../apps/server/src/modules/seed/demo-seed';
import { runScenarios, startBenchServer } from './support';

const server = await startBenchServer(
  { AUTH_RATE_LIMIT: '100000000', SIGN_IN_LOCKOUT_THRESHOLD: '100000000' },
  (deps) => seedDemo(deps),
);
const { base, deps } = server;
const { config, db } = deps;
const json = { 'content-type': 'application/json', origin: config.publicUrl };

/** Signs in through the real two steps and returns the session cookie. */
async function signIn(email: string): Promise<string> {
  const step1 = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST' as const,
    headers: json,
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const attempt = step1.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const [latest] = await listOutbox(db, 1);
  const code = /\d{6}/.exec(latest?.subject ?? '')?.[0] ?? '';
  const step2 = await fetch(`${base}/api/auth/verify`, {
    method: 'POST' as const,
    headers: { ...json, cookie: attempt },
    body: JSON.stringify({ code }),
  });
  if (!step2.ok) throw new Error(`sign-in failed: ${step2.status}`);
  return step2.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const member = await signIn(DEMO_MEMBER_EMAIL);
const staff = await signIn(DEMO_STAFF_EMAIL);

const scenarios = [
  {
    title: 'GET /api/auth/session (member)',
    options: { url: `${base}/api/auth/session`, headers: { cookie: member } },
  },
  { title: 'GET /api/me/accounts (member)', options: { url: `${base}/api/me/accounts`, headers: { cookie: member } } },
  {
    title: 'GET /api/admin/users (staff)',
    options: { url: `${base}/api/admin/users?filter=all`, headers: { cookie: staff } },
  },
  {
    title: 'POST /api/auth/sign-in (wrong pw)',
    options: {
      url: `${base}/api/auth/sign-in`,
      method: 'POST' as const,
      headers: json,
      body: JSON.stringify({ email: DEMO_MEMBER_EMAIL, password: 'not-the-password' }),
    },
  },
];

await runScenarios(scenarios);
await server.stop();
