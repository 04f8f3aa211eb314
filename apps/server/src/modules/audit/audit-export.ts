import { AUDIT_EXPORT_MAX_ROWS, type AuditEntry, type AuditFilters, csvRow } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import { localClock, localDay } from '../../time';
import { allAuditEntries } from './audit-queries';
import { type Actor, type RequestMeta, recordAudit } from './record-audit';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** "2026-03-14 22:30:05": the moment as a wall clock in `timeZone` reads it. */
export function localDateTime(date: Date, timeZone: string): string {
  const { year, month, day, hour, minute, second } = localClock(date, timeZone);
  return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The first line of the log's CSV: its columns, in order, the wall-clock time named for `timeZone`. */
export const auditCsvHeader = (timeZone: string) => [
  'Entry',
  `When (${timeZone})`,
  'At (UTC)',
  'Action',
  'What happened',
  'By',
  'Member',
  'Member e-mail',
  'Member id',
  'IP address',
  'User agent',
  'Reason',
  'Before',
  'After',
];

/**
 * The log as CSV for a spreadsheet: every cell quoted and formula-safe (`csvRow`), the time both
 * as the credit union's wall clock and as UTC, the reason in a column of its own, and before and
 * after as JSON exactly as recorded.
 */
export function auditCsv(entries: AuditEntry[], timeZone: string): string {
  const lines = entries.map((entry) =>
    csvRow([
      entry.id,
      localDateTime(new Date(entry.at), timeZone),
      entry.at,
      entry.action,
      entry.label,
      entry.actorEmail ?? '',
      entry.target?.name ?? '',
      entry.target?.email ?? '',
      entry.target?.id ?? '',
      entry.ipAddress ?? '',
      entry.userAgent ?? '',
      entry.reason ?? '',
      json(entry.before),
      json(entry.after),
    ]),
  );
  return `${[csvRow(auditCsvHeader(timeZone)), ...lines].join('\r\n')}\r\n`;
}

/**
 * Staff export the log (at most `AUDIT_EXPORT_MAX_ROWS` entries, newest first). Taking a copy
 * of the log is itself recorded: who, when, from where, with which filters.
 */
export async function exportAudit(
  deps: Deps,
  filters: AuditFilters,
  actor: Actor,
  meta: RequestMeta,
): Promise<{ csv: string; fileName: string; rows: number; capped: boolean }> {
  const timeZone = deps.config.timeZone;
  const { entries, capped } = await allAuditEntries(deps.db, filters, timeZone, AUDIT_EXPORT_MAX_ROWS);
  const now = deps.clock();
  const applied = Object.fromEntries(
    Object.entries(filters).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  );
  await recordAudit(deps.db, {
    action: 'audit.exported',
    actor,
    meta,
    after: { filters: applied, rows: entries.length, capped },
    at: now,
  });
  return {
    csv: auditCsv(entries, timeZone),
    fileName: `audit-log-${localDay(now, timeZone)}.csv`,
    rows: entries.length,
    capped,
  };
}
