import { Download } from 'lucide-react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { formatDateTime, zoneName } from '../../lib/format-date';
import { saveFile } from '../../lib/save-file';
import { useCopy } from '../../lib/use-copy';
import { useSite } from '../site/site-context';
import { CopyButton } from './copy-button';

const codeListClass = [
  'grid grid-cols-2 gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4',
  'font-mono text-sm text-slate-900 sm:text-base',
].join(' ');

/** "Mar 4, 2026, 3:42 PM EST": a file read later and elsewhere names its zone. */
const issuedAt = (date: Date) => `${formatDateTime(date.toISOString())} ${zoneName(date)}`;

/**
 * Freshly issued backup codes. The server keeps only hashes, so this is the one time they can be
 * seen: copy, download, then confirm they are saved.
 */
export function BackupCodesView({
  codes,
  message,
  email,
  onDone,
}: {
  codes: string[];
  message: string;
  email: string;
  onDone: () => void;
}) {
  const { brand } = useSite();
  const { copied, copy } = useCopy();
  const text = codes.join('\n');
  const fileText = [
    `${brand.name} backup codes for ${email}`,
    `Issued ${issuedAt(new Date())}`,
    'Each code works once. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');

  return (
    <div className="space-y-4" data-testid="backup-codes">
      <Alert tone="success">{message}</Alert>
      <div>
        <h4 className="text-sm font-semibold text-slate-900">Your backup codes</h4>
        <p className="mt-1 text-sm text-slate-600">
          Use one of these if you cannot use your authenticator app. Each code works once. This is the only time they
          are shown.
        </p>
      </div>
      <ul aria-label="Backup codes" className={codeListClass}>
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <CopyButton label="Copy codes" copied={copied === 'codes'} onClick={() => void copy('codes', text)} />
        <Button
          icon={Download}
          variant="outline"
          onClick={() =>
            saveFile(
              `${brand.shortName.toLowerCase().replace(/\W+/g, '-')}-backup-codes.txt`,
              new Blob([fileText], { type: 'text/plain;charset=utf-8' }),
            )
          }
        >
          Download
        </Button>
        <Button onClick={onDone} className="sm:ml-auto">
          I have saved these codes
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied === 'codes' ? 'Backup codes copied' : ''}
      </p>
    </div>
  );
}
