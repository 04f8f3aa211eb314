import { Alert } from '../../components/alert';

/** The last result of a change on these screens: what worked, or what went wrong. */
export type Outcome = { tone: 'success' | 'error'; text: string };

/** A form's outcome from `useApiForm`'s `formError` and the success sentence kept beside it. */
export function formOutcome(error: string | null, success: string | null): Outcome | null {
  if (error) return { tone: 'error', text: error };
  return success ? { tone: 'success', text: success } : null;
}

/** The outcome as a banner; nothing when there is none. */
export function OutcomeAlert({ outcome, id }: { outcome: Outcome | null; id?: string }) {
  return (
    outcome && (
      <Alert tone={outcome.tone} id={id}>
        {outcome.text}
      </Alert>
    )
  );
}
