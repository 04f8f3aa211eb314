/**
 * Throughput of the public surface on the embedded database: the site facts, the app shell and
 * the contact form (a database write plus an outbox row per request). Prints figures; asserts
 * nothing. Run: npm run bench
 */
import { runScenarios, startBenchServer } from './support';

const server = await startBenchServer({ CONTACT_RATE_LIMIT: '1000000' });
const { base } = server;

const contactBody = JSON.stringify({
  name: 'Bench Mark',
  email: 'bench@example.com',
  subject: 'general',
  message: 'How fast is this?',
});

const scenarios = [
  { title: 'GET /api/site', options: { url: `${base}/api/site` } },
  { title: 'GET /readyz (database ping)', options: { url: `${base}/readyz` } },
  {
    title: 'POST /api/contact-messages',
    options: {
      url: `${base}/api/contact-messages`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: contactBody,
    },
  },
];

await runScenarios(scenarios);
await server.stop();
