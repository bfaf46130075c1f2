import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';

// React.lazy suspends on first render even when its module is already loaded, and a suspended
// boundary during server rendering or hydration is exactly what makes pages flash or mismatch.
// A page made here renders its module directly once `preload()` has resolved: the server preloads
// every page at start, the browser preloads the current page before it hydrates.

// biome-ignore lint/suspicious/noExplicitAny: route components receive the router's props as they are
type AnyComponent = ComponentType<any>;

export type LazyPage = AnyComponent & { preload(): Promise<unknown> };

export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => AnyComponent): LazyPage {
  let loaded: AnyComponent | undefined;
  let pending: Promise<AnyComponent> | undefined;
  const preload = () => {
    pending ??= load().then((module) => {
      loaded = pick(module);
      return loaded;
    });
    return pending;
  };
  const Suspending: LazyExoticComponent<AnyComponent> = lazy(() =>
    preload().then((component) => ({ default: component })),
  );
  // biome-ignore lint/correctness/noComponentHookFactories: like React.lazy, called once per page at module level
  const Page = (props: object) => createElement(loaded ?? Suspending, props);
  return Object.assign(Page, { preload });
}
