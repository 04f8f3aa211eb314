import { Download } from 'lucide-react';
import { buttonClass } from './button';

/** "Export CSV": a small outline button that downloads what the list shows, as the server writes it. */
export function ExportCsvLink({ href, testId }: { href: string; testId: string }) {
  return (
    <a href={href} download className={buttonClass('outline', 'sm')} data-testid={testId}>
      <Download className="h-4 w-4" aria-hidden="true" />
      Export CSV
    </a>
  );
}
