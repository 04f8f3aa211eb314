import { type ComponentType, lazy } from 'react';

/** The props of a component type (never for anything else, which then cannot be rendered). */
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * `React.lazy` for a module's named export (our screens export by name): `load` is the
 * `import()` of the module, so it stays a chunk of its own that downloads when first shown.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType<PropsOf<M[K]>> })));
}
