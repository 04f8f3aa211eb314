/** What a run must leave behind: each acknowledged transfer exactly once, nothing else, a clean ledger. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { generalLedger } from '../../apps/server/src/modules/ledger/general-ledger';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The member's posted total over all their accounts, in cents, not counting what scheduled work posts
 * while a test runs: dividends (the statements job) and bill payments (the send job, which at start
 * sends payments dated today once the cut-off has passed).
 */
export function memberTotal(databaseUrl: string, email: string): Promise<bigint> {
  return withClient(databaseUrl, async (client) => {
    // Dividends and bill payments are left out: the statements job (at every start) credits Savings,
    // and after the cut-off the bill-pay job sends the demo's payment due today, while the test runs;
    // neither is what the test moves. The sums are read in one snapshot.
    const { rows } = await client.query<{ total: string | null }>(
      `with mine as (
         select a.id, a.credits_posted - a.debits_posted as balance
         from ledger_accounts a join users u on u.id = a.user_id where u.email = $1)
       select ((select coalesce(sum(balance), 0) from mine)
               - (select coalesce(sum(t.amount), 0) from ledger_transfers t
                  where t.credit_account_id in (select id from mine) and t.debit_account_id = $2
                    and t.kind = 'single')
               + (select coalesce(sum(t.amount), 0) from ledger_transfers t
                  where t.debit_account_id in (select id from mine) and t.credit_account_id = $3
                    and t.kind in ('single', 'post')))::text as total`,
      [email, generalLedger.dividends, generalLedger.billPayClearing],
    );
    return BigInt(rows[0]?.total ?? '0');
  });
}

/** Transfers the member made since `since` (the ledger's own record, whatever was acknowledged). */
export function transfersMadeSince(databaseUrl: string, email: string, since: Date): Promise<string[]> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `select t.id from ledger_transfers t join users u on u.id = t.created_by
        where u.email = $1 and t.created_at >= $2`,
      [email, since],
    );
    return rows.map((row) => row.id);
  });
}

/** `npm run ledger:verify` on the database: its printout, or a thrown error when an invariant broke. */
export async function ledgerVerify(databaseUrl: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/scripts/ledger-verify.ts')],
    { cwd: root, env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl } },
  );
  return stdout;
}

/** The ledger's rows for some transfers, for a failure message. */
export function describeTransfers(databaseUrl: string, ids: string[]) {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `select t.id, t.kind, t.amount::text, t.created_at, t.debit_memo,
              (select json_agg(json_build_object('key', k.key, 'status', k.status_code, 'at', k.created_at))
                 from idempotency_keys k where k.response->>'transferId' = t.id::text) as keys
         from ledger_transfers t where t.id = any($1::uuid[])`,
      [ids],
    );
    return rows;
  });
}
