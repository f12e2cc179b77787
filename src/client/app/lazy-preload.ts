import { createElement, lazy, type ComponentType } from 'react';

/**
 * React.lazy that can be fetched ahead of time. Once loaded it renders directly, without suspending:
 * React holds a revealed Suspense fallback for about 300 ms, which a preloaded screen should not pay.
 */
export function lazyPreload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= load().then((m) => {
      loaded = m.default;
      return m;
    }));
  const Lazy = lazy(preload);
  const Component = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Component, { preload });
}
