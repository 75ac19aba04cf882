import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import { PaymentList } from './PaymentList.tsx';
import { PaymentShow } from './PaymentShow.tsx';

export default {
  list: PaymentList,
  show: PaymentShow,
  icon: PaymentsIcon,
  recordRepresentation: (p: { user?: { name: string }; amount?: number }) => `${p.user?.name ?? ''} ${p.amount ?? ''}`,
};
