import ReviewIcon from '@mui/icons-material/StarOutlineRounded';
import { lazyScreen } from '../common/lazyScreen.ts';

export default {
  list: lazyScreen(() => import('./ReviewList.tsx'), 'ReviewList'),
  icon: ReviewIcon,
  recordRepresentation: 'facilityName',
  options: { label: 'Reviews' },
};
