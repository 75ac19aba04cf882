import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A screen whose code is fetched the first time it is shown, so the sign-in page and the
 * dashboard do not wait for it. `load` is the module's dynamic import and `name` the export to
 * render; the nearest Suspense boundary (react-admin's layout has one) shows a loading state meanwhile.
 */
export const lazyScreen = <M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> =>
  lazy(() => load().then((module) => ({ default: module[name] })));
