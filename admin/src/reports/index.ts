import { createElement } from 'react';
import { CanAccess } from 'react-admin';
import { lazyScreen } from '../common/lazyScreen.ts';

const LazyReports = lazyScreen(() => import('./ReportsPage.tsx'), 'ReportsPage');
const NotForYourRole = lazyScreen(() => import('../layout/NotForYourRole.tsx'), 'NotForYourRole');

/**
 * The Reports screen (#/reports?from=&to=&facilityId=&sport=&groupBy=), managers' and owners':
 * its code, charts included, loads on the first visit, and only for a role that may see it; anyone
 * else gets the "not part of your role" page (the API answers them 403 anyway).
 */
export const ReportsPage = () =>
  createElement(CanAccess, { resource: 'reports', action: 'list', accessDenied: createElement(NotForYourRole), children: createElement(LazyReports) });
