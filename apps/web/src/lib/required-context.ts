import { type Context, createContext, useContext } from 'react';

/**
 * A context that only makes sense below its provider: the returned hook throws, naming the hook and
 * the provider, when it is used elsewhere.
 */
export function createRequiredContext<T>(hookName: string, providerName: string): [Context<T | null>, () => T] {
  const context = createContext<T | null>(null);
  function useRequiredContext(): T {
    const value = useContext(context);
    if (!value) throw new Error(`${hookName} must be used inside <${providerName}>`);
    return value;
  }
  return [context, useRequiredContext];
}
