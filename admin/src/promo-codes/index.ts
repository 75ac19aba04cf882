import PromoCodeIcon from '@mui/icons-material/LocalOfferOutlined';
import { lazyScreen } from '../common/lazyScreen.ts';

export default {
  list: lazyScreen(() => import('./PromoCodeList.tsx'), 'PromoCodeList'),
  create: lazyScreen(() => import('./PromoCodeCreate.tsx'), 'PromoCodeCreate'),
  edit: lazyScreen(() => import('./PromoCodeEdit.tsx'), 'PromoCodeEdit'),
  icon: PromoCodeIcon,
  recordRepresentation: 'code',
  options: { label: 'Promo codes' },
};
