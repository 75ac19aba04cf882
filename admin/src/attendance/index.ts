import { lazyScreen } from '../common/lazyScreen.ts';

/** The front desk's Today list (#/today): its code loads the first time it is shown. */
export const TodayPage = lazyScreen(() => import('./TodayPage.tsx'), 'TodayPage');

/** The dashboard's door figures, loaded after the first screen's own figures. */
export const DoorFigures = lazyScreen(() => import('./DoorFigures.tsx'), 'DoorFigures');
