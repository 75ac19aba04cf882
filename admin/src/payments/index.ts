import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import { lazyScreen } from '../common/lazyScreen.ts';

export default {
  list: lazyScreen(() => import('./PaymentList.tsx'), 'PaymentList'),
  show: lazyScreen(() => import('./PaymentShow.tsx'), 'PaymentShow'),
  icon: PaymentsIcon,
  recordRepresentation: (p: { user?: { name: string }; amount?: number }) => `${p.user?.name ?? ''} ${p.amount ?? ''}`,
};
