import { lazy, useState, type ComponentType } from 'react';

export interface LazyLoaded {
  Component: ComponentType;
  /** Fetches the module ahead of the first render (once fetched, `Component` renders without suspending). */
  preload: () => Promise<unknown>;
}

/**
 * `React.lazy` for a screen the app fetches ahead of time. React reveals content that replaces a
 * Suspense fallback no sooner than 300 ms after that fallback appeared, and `React.lazy` suspends on
 * its first render even when the chunk is already here (`import()` answers in a later microtask): a
 * screen fetched while the session was renewed would still show its fallback and then wait those
 * 300 ms. Once the module has loaded, this component renders it at once instead.
 */
export function lazyLoaded(load: () => Promise<{ default: ComponentType }>): LazyLoaded {
  let loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Component() {
    // Chosen once per mount: moving from the lazy wrapper to the module's own component would remount it.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Component, preload };
}
