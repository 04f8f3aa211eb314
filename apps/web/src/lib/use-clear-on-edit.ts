import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Calls `clear` when the person edits a field of `form` (a reset does not count): the message
 * about the last submission ("Payment scheduled successfully!") is not about the one being typed.
 */
export function useClearOnEdit<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>, clear: () => void) {
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      if (type === 'change') clear();
    });
    return () => subscription.unsubscribe();
  }, [form, clear]);
}
