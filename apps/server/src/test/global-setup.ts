import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { kind: 'pglite'; templateFile: string } | { kind: 'postgres'; url: string; template: string };
  }
}

/**
 * Migrates one template database per run; each test file then gets its own copy of it (a PGlite
 * data-dir snapshot, or a PostgreSQL `CREATE DATABASE … TEMPLATE`), which is much faster than
 * migrating from scratch and keeps files independent.
 *
 * Set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) to run on PostgreSQL.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    // Each project of the run (server, server-mocked) has its own template.
    const runId = `${Date.now().toString(36)}_${process.pid}_${project.name.replace(/\W/g, '_')}`;
    const template = `mutual_tpl_${runId}`;
    await adminQuery(url, `create database ${template}`);
    const handle = await openPostgres(withDatabase(url, template));
    await handle.migrate();
    await handle.close();
    project.provide('testDatabase', { kind: 'postgres', url, template });
    return async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`mutual_%${runId}%`],
      );
      for (const row of rows) await client.query(`drop database if exists ${row.datname} with (force)`);
      await client.end();
    };
  }

  const handle = await openPglite(undefined);
  await handle.migrate();
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const templateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-test-')), 'template.tar');
  fs.writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', templateFile });
  return () => fs.rmSync(path.dirname(templateFile), { recursive: true, force: true });
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
