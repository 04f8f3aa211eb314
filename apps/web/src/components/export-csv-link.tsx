import { DownloadLink } from './download-link';

/** "Export CSV": a small outline button that downloads what the list shows, as the server writes it. */
export function ExportCsvLink({
  href,
  testId,
  onRefused,
}: {
  href: string;
  testId: string;
  onRefused?: (message: string | undefined) => void;
}) {
  return (
    <DownloadLink href={href} data-testid={testId} onRefused={onRefused}>
      Export CSV
    </DownloadLink>
  );
}
