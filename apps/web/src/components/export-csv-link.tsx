import { DownloadLink } from './download-link';

/** "Export CSV": a small outline button that downloads what the list shows, as the server writes it. */
export function ExportCsvLink({ href, testId }: { href: string; testId: string }) {
  return (
    <DownloadLink href={href} data-testid={testId}>
      Export CSV
    </DownloadLink>
  );
}
