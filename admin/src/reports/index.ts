import { lazyScreen } from '../common/lazyScreen.ts';

/**
 * The Reports screen (#/reports?from=&to=&facilityId=&sport=&groupBy=), managers' and owners'.
 * Nothing of it is in the first screen: a small chunk checks the role first, then the screen
 * and its charts load (ReportsRoute.ts).
 */
export const ReportsPage = lazyScreen(() => import('./ReportsRoute.ts'), 'ReportsRoute');
