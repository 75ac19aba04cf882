// The signed-in console, one chunk loaded after sign-in: its frame (app bar, menu) and its first screen.
export { Layout } from './layout/Layout.tsx';
export { Dashboard } from './dashboard/index.ts';
