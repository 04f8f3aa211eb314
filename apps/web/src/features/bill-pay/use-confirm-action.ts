import { useId, useState } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { useFocusLanding } from '../../lib/focus-landing';

export interface ConfirmAction<T> {
  target: T | null;
  pending: boolean;
  error: string | null;
  /** The last success, for an Alert above the list. */
  notice: string | null;
  /** That Alert's id: the focus lands on it after a success, as the row's button may go with its row. */
  noticeId: string;
  ask: (target: T) => void;
  close: () => void;
  confirm: () => Promise<void>;
}

/**
 * The state of one confirmed action on a row (which row is being asked about, the call on its way,
 * a refusal in the API's words) and the last outcome for the list's notice.
 */
export function useConfirmAction<T>(run: (target: T) => Promise<{ message: string }>): ConfirmAction<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeId = useId();
  const land = useFocusLanding();

  const close = () => {
    setTarget(null);
    setError(null);
  };
  return {
    target,
    pending,
    error,
    notice,
    noticeId,
    ask: (next: T) => {
      setNotice(null);
      setError(null);
      setTarget(next);
    },
    close,
    confirm: async () => {
      if (target === null || pending) return;
      setPending(true);
      setError(null);
      try {
        const result = await run(target);
        setNotice(result.message);
        close();
        land(() => document.getElementById(noticeId));
      } catch (failure) {
        setError(errorMessage(failure));
      } finally {
        setPending(false);
      }
    },
  };
}
