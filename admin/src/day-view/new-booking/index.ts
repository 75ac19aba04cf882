import { lazyScreen } from '../../common/lazyScreen.ts';

/** The front desk's booking dialog, fetched the first time it opens (the day view and the series list open it). */
export const NewBookingDialog = lazyScreen(() => import('./NewBookingDialog.tsx'), 'NewBookingDialog');
export type { NewBookingProps } from './NewBookingDialog.tsx';
