import { useRef, useState } from 'react';
import { ApiRequestError, fetchFile } from './api';
import { errorMessage } from './api-errors';
import { saveFile } from './save-file';

const couldNotDownload = 'The file could not be downloaded. Please try again.';

/** The server's words for a refused download: a 4xx, or a 503 that says the downloads are busy. */
function refusalWords(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 503) return error.body.message || couldNotDownload;
  return errorMessage(error, couldNotDownload);
}

/**
 * Downloads a file the server answers as an attachment: fetched first and handed to the browser
 * only when the server sent one, so a refusal (too many exports already downloading, a busy
 * instance) reaches `onRefused` in the server's words instead of being saved as a file that holds
 * the error. `onRefused(undefined)` when a new try starts; `onSaved` with the answer's headers once
 * the file is handed over. One download at a time.
 */
export function useFileDownload(
  onRefused: (message: string | undefined) => void,
  onSaved?: (headers: Headers) => void,
) {
  const [busy, setBusy] = useState(false);
  // A double click lands twice before the page shows `busy`: the ref sees the first at once.
  const running = useRef(false);

  async function download(href: string, fileName?: string) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    onRefused(undefined);
    try {
      const file = await fetchFile(href);
      saveFile(fileName ?? file.fileName ?? 'download', file.blob);
      onSaved?.(file.headers);
    } catch (error) {
      onRefused(refusalWords(error));
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return { busy, download };
}
