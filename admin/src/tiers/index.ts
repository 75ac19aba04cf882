import TierIcon from '@mui/icons-material/LoyaltyOutlined';
import { lazyScreen } from '../common/lazyScreen.ts';

export default {
  list: lazyScreen(() => import('./TierList.tsx'), 'TierList'),
  create: lazyScreen(() => import('./TierCreate.tsx'), 'TierCreate'),
  edit: lazyScreen(() => import('./TierEdit.tsx'), 'TierEdit'),
  icon: TierIcon,
  recordRepresentation: 'name',
};
