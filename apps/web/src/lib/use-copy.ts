import { COPY_CONFIRMATION_MS } from '@mutual/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the older way (denied permission, unfocused document).
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'fixed top-0 left-0 opacity-0';
  document.body.append(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/**
 * Copies text and reports which item was copied for COPY_CONFIRMATION_MS (spec §9: 2 s), so a
 * button can say "Copied!".
 */
export function useCopy() {
  const [copied, setCopied] = useState<string | null>(null);
  /** The item whose copy failed (no clipboard here): the screen can ask for a copy by hand. */
  const [failed, setFailed] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (key: string, text: string) => {
    const ok = await writeClipboard(text);
    clearTimeout(timer.current);
    setCopied(ok ? key : null);
    setFailed(ok ? null : key);
    if (ok) timer.current = setTimeout(() => setCopied(null), COPY_CONFIRMATION_MS);
  }, []);

  return { copied, failed, copy };
}
