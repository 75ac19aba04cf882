import { createElement } from 'react';
import { usePermissions } from 'react-admin';
import { canAccess } from '../access.ts';
import { lazyScreen } from '../common/lazyScreen.ts';

const LazyReports = lazyScreen(() => import('./ReportsPage.tsx'), 'ReportsPage');
const NotForYourRole = lazyScreen(() => import('../layout/NotForYourRole.tsx'), 'NotForYourRole');

/**
 * The Reports screen for a role that may see it (authProvider.canAccess's rule on the role the
 * layout has read already): its code, charts included, loads only then; anyone else gets the
 * "not part of your role" page (the API answers them 403 anyway).
 */
export const ReportsRoute = () => {
  const { permissions, isPending } = usePermissions();
  if (isPending) return null;
  return createElement(canAccess(permissions, { resource: 'reports', action: 'list' }) ? LazyReports : NotForYourRole);
};
