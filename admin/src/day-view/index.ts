import { lazyScreen } from '../common/lazyScreen.ts';

export const DayViewPage = lazyScreen(() => import('./DayViewPage.tsx'), 'DayViewPage');
