import { Download, LoaderCircle } from 'lucide-react';
import { type ComponentProps, type MouseEvent, useState } from 'react';
import { useFileDownload } from '../lib/use-file-download';
import { buttonClass } from './button';

/** A click the browser should handle itself: a new tab or window, "save link as", another button. */
const handledByBrowser = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * A link that downloads a file, its icon before the words: "Download" unless `children` says more.
 *
 * A click fetches the file first and saves it only when the server sent one: a refusal (too many
 * exports already downloading, a statement that is not there) is read out under the link in the
 * server's words, instead of being saved as a file that holds the error. The `href` stays, so a
 * middle click or "save link as" works as on any link.
 */
export function DownloadLink({
  className = buttonClass('outline', 'sm'),
  download = true,
  children = 'Download',
  href,
  onRefused,
  onSaved,
  ...props
}: ComponentProps<'a'> & {
  /**
   * For a group of links that says a refusal once, under the group: called with the server's words,
   * and with undefined when a new try starts. The link then shows none itself.
   */
  onRefused?: (message: string | undefined) => void;
  /** Called with the answer's headers once the file is saved (what an export says beside it). */
  onSaved?: (headers: Headers) => void;
}) {
  const [ownRefusal, setOwnRefusal] = useState<string>();
  const { busy, download: fetchAndSave } = useFileDownload(onRefused ?? setOwnRefusal, onSaved);

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!href || handledByBrowser(event)) return;
    event.preventDefault();
    void fetchAndSave(href, typeof download === 'string' ? download : undefined);
  }

  const Icon = busy ? LoaderCircle : Download;
  const link = (
    <a {...props} href={href} download={download} className={className} aria-busy={busy || undefined} onClick={onClick}>
      <Icon className={busy ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
      {children}
    </a>
  );
  if (onRefused) return link;
  return (
    <span className="inline-flex max-w-full flex-col items-start gap-1">
      {link}
      <DownloadRefusal message={ownRefusal} />
    </span>
  );
}

/** A refused download's words, read out as they appear; nothing when there is none. */
export function DownloadRefusal({
  message,
  className = 'max-w-xs',
}: {
  message: string | undefined;
  /** Its width and place (a narrow column of its own by default). */
  className?: string;
}) {
  if (!message) return null;
  return (
    <span role="alert" className={`block text-sm text-red-700 ${className}`}>
      {message}
    </span>
  );
}
