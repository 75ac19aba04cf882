import CreditPackIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import { lazyScreen } from '../common/lazyScreen.ts';

export default {
  list: lazyScreen(() => import('./CreditPackList.tsx'), 'CreditPackList'),
  create: lazyScreen(() => import('./CreditPackCreate.tsx'), 'CreditPackCreate'),
  edit: lazyScreen(() => import('./CreditPackEdit.tsx'), 'CreditPackEdit'),
  icon: CreditPackIcon,
  recordRepresentation: 'name',
  options: { label: 'Credit packs' },
};
