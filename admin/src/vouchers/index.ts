import VoucherIcon from '@mui/icons-material/CardGiftcardOutlined';
import { lazyScreen } from '../common/lazyScreen.ts';

export default {
  list: lazyScreen(() => import('./VoucherList.tsx'), 'VoucherList'),
  create: lazyScreen(() => import('./VoucherCreate.tsx'), 'VoucherCreate'),
  icon: VoucherIcon,
  recordRepresentation: (r: { codeHint: string }) => `…${r.codeHint}`,
  options: { label: 'Vouchers' },
};
