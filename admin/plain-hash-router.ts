import type { Plugin } from 'vite';

/** The one module of react-admin that creates its router (ra-core's react-router adapter). */
const ADAPTER = /[\\/]ra-core[\\/]dist[\\/]routing[\\/]adapters[\\/]reactRouterProvider\.js$/;
const DATA_ROUTER_IMPORTS = 'createHashRouter, RouterProvider as ReactRouterProvider,';
const INTERNAL_ROUTER = /const InternalRouter = \(\{ children, basename, \}\) => \{[\s\S]*?return \(React\.createElement\(ReactRouterProvider, \{ router: router, future: routerProviderFuture \}\)\);\n\};/;

/**
 * react-admin puts its screens in react-router's data router (createHashRouter), which only its
 * "warn when unsaved changes" blocker needs; the back office never asks for that (react-admin
 * turns it off by itself outside a data router: useCanBlock). The plain <HashRouter> serves the
 * same #/ addresses and leaves out the data router's code: ~17 KB gzipped of the first screen.
 * The build fails if react-admin's adapter no longer reads as expected, rather than silently
 * shipping the heavy router again.
 */
export function plainHashRouter(): Plugin {
  return {
    name: 'courtside-plain-hash-router',
    enforce: 'pre',
    transform(code, id) {
      if (!ADAPTER.test(id)) return undefined;
      if (!code.includes(DATA_ROUTER_IMPORTS) || !INTERNAL_ROUTER.test(code)) {
        throw new Error(`${id} no longer creates its router as plain-hash-router.ts expects: update the plugin (or drop it)`);
      }
      return code
        .replace(DATA_ROUTER_IMPORTS, 'HashRouter,')
        .replace(INTERNAL_ROUTER, 'const InternalRouter = ({ children, basename, }) => React.createElement(HashRouter, { basename }, children);');
    },
  };
}
